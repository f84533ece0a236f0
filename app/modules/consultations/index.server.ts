// The module's server API for code outside it (docs/ARCHITECTURE.md "Module entries").
export {
  ADMIN_PAGE_SIZE,
  ConsultationRefusedError,
  adminConsultations,
  adminSlots,
  bookConsultation,
  cancelConsultation,
  consultationAccess,
  createSlots,
  discardConsultation,
  eligibilityFacts,
  myConsultations,
  openSlots,
  setSlotPublished,
  type AdminConsultation,
  type AdminSlot,
  type ConsultationRefusal,
  type MyConsultation,
  type OpenSlot,
} from "./consultations.server";
export { consultationRefusal } from "./refusals.server";
export { consultationIcs } from "./emails.server";
