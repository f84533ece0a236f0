/** Limits of a broadcast's text, shared by the form, the server and the tests. */
export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;
/** Days back the "active" audience may look. */
export const ACTIVE_DAYS_MAX = 365;
/** Members one transaction of the send job reaches. */
export const BATCH_SIZE = 100;
/** Broadcasts per page of the list. */
export const PER_PAGE = 20;
