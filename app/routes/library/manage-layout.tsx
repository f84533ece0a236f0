// `/content-management` (SPEC's header link) sits in the admin area: the same layout, its tab bar
// and its admins-only loader, under the address SPEC gives it.
export { clientMiddleware, default, handle, loader, meta } from "../admin/layout";
