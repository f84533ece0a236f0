// Every domain's tables, re-exported for Drizzle (queries and drizzle-kit migrations).
export * from "#app/modules/auth/schema";
export * from "#app/modules/profiles/schema";
export * from "#app/modules/memberships/schema";
export * from "#app/modules/settings/schema";
export * from "#app/modules/pages/schema";
export * from "#app/modules/audit/schema";
export * from "#app/modules/email/schema";
export * from "#app/modules/discussions/schema";
export * from "#app/modules/notifications/schema";
export * from "#app/modules/reputation/schema";
export * from "#app/modules/messages/schema";
export * from "#app/modules/search/schema";
export * from "#app/modules/payments/schema";
export * from "#app/modules/events/schema";
export * from "#app/modules/covens/schema";
export * from "#app/modules/coven-events/schema";
export * from "#app/modules/academy/schema";
