export const NEXT_LABEL = "credport/next";
