// The tracking sub-domain's surface for the rest of freight/ (docs/decisions/051-shipment-tracking-links.md).

/** Sharing and revoking links (signed in), and the public page's read and stream (the token alone). */
export { registerPublicTrackingRoutes, registerTrackingLinkRoutes, type TTrackingOptions } from './routes.ts';
