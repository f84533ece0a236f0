// The media module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { createImageProxy } from "./image-proxy.server";
export { proxiedImageSrc, withProxiedSiteImages } from "./proxy-url.server";
