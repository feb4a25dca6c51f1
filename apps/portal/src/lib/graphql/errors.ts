export interface GraphQLErrorItem {
  message: string;
  /** `field`: the input field a BAD_USER_INPUT refuses (`name`, `spec.version`, `users.name`). */
  extensions?: { code?: string; field?: string };
}

/** The server answered, but with GraphQL errors: their messages are for the customer to read. */
export class GraphQLRequestError extends Error {
  readonly errors: readonly GraphQLErrorItem[];

  constructor(errors: readonly GraphQLErrorItem[]) {
    super(errors.map((error) => error.message).join('\n'));
    this.name = 'GraphQLRequestError';
    this.errors = errors;
  }

  hasCode(code: string): boolean {
    return this.errors.some((error) => error.extensions?.code === code);
  }
}

/** The request did not get a usable answer: HTTP error status (after retries for 5xx). */
export class HttpStatusError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`The server answered with HTTP ${status}`);
    this.name = 'HttpStatusError';
    this.status = status;
  }
}

export const offlineMessage = 'You are offline: nothing was sent';

/** A change was not sent because the browser is offline; it is not sent later either (the customer decides). */
export class OfflineError extends Error {
  constructor() {
    super(offlineMessage);
    this.name = 'OfflineError';
  }
}
