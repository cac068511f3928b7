import { configure } from "@testing-library/react";

// `findBy*`/`waitFor` wait on real requests to the mock service (msw); a busy CI machine can take
// longer than Testing Library's 1 s default to answer them, which is no fault of the component.
configure({ asyncUtilTimeout: 5_000 });
