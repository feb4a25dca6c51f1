// The addresses the portal handles before its router starts (lib/auth/session.ts): sign-in callbacks and
// registration. Screens link to routes with the router's typed `to` (the files under app/routes).
export const paths = {
  home: '/',
  register: '/register',
  authCallback: '/auth/callback',
  authSilentCallback: '/auth/silent-callback',
  /** Where a new customer lands after registering. */
  afterRegistration: '/compute/serverless-containers',
} as const;
