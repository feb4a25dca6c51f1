// Everything only a restricted, unconfirmed, subscribing or suspended customer sees, in one module that the screens load
// on demand (the access banner, the lists' upgrade, the account menu). One chunk rather than one per piece:
// each further chunk that shares modules with the first screen made the bundler split the first screen's
// own code into more files, and cost it over a kilobyte (bench/bundle-size).
export { SuspendedNotice } from './suspended-notice.tsx';
export { UnconfirmedEmailNotice } from './unconfirmed-email-notice.tsx';
export { SubscriptionActivation } from './subscription-activation.tsx';
export { UpgradeCallToAction } from './upgrade-call-to-action.tsx';
export { useOpenHostedPage } from '../../lib/billing/use-open-hosted-page.ts';
export { RefusedCreate } from './refused-create.tsx';
