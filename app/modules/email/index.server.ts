// The email module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
// The task comes first: the job registry reads it while this entry may still be loading (its
// queue.server imports the events module, which loads the registry).
export { emailTask } from "./delivery.server";
export { sendEmail } from "./mailer.server";
export { recentEmails } from "./outbox.server";
export { queueEmail } from "./queue.server";
export type { OutgoingEmail } from "./mailer.server";
