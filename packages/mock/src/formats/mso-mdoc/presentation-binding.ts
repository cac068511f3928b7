import type { AnnexCBinding, PresentationBinding } from "../presentation-binding.js";

export type { AnnexCBinding, PresentationBinding };

/** Every way an mdoc presentation can be bound to a verification (Annex C is mdoc's own channel). */
export type MdocBinding = PresentationBinding;
