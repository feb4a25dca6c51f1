import type { GraphQLBody, JsonResponse, passwordGrant } from '../support/http.ts';
import type { Customer, Failure } from './replicas-model.ts';

/**
 * Every request of the two-server test's customers goes through here: counted, and any answer but a 200
 * without errors recorded as a failure (the test expects none).
 */
export class Traffic {
  readonly failures: Failure[] = [];
  readonly figures = { requests: 0, tokenRequests: 0, queries: 0, mutations: new Map<string, number>() };

  fail(customer: number, operation: string, answer: unknown) {
    this.failures.push({ at: new Date().toISOString(), customer, operation, answer });
  }

  /** Sends one request through the balancer; any answer but a 200 without errors is a failure. */
  async send<T>(
    customer: Customer,
    operation: string,
    request: () => Promise<JsonResponse<GraphQLBody<T>>>,
  ): Promise<T | undefined> {
    this.figures.requests++;
    try {
      const { status, body } = await request();
      if (status === 200 && body.data && !body.errors) return body.data;
      this.fail(customer.index, operation, { status, body });
    } catch (error) {
      this.fail(customer.index, operation, String(error));
    }
    return undefined;
  }

  async query<T>(
    customer: Customer,
    operation: string,
    request: () => Promise<JsonResponse<GraphQLBody<T>>>,
  ) {
    this.figures.queries++;
    return this.send(customer, operation, request);
  }

  /** A mutation; counted once answered. */
  async mutate<T>(
    customer: Customer,
    operation: string,
    request: () => Promise<JsonResponse<GraphQLBody<T>>>,
  ) {
    const data = await this.send(customer, operation, request);
    if (data) this.figures.mutations.set(operation, (this.figures.mutations.get(operation) ?? 0) + 1);
    return data;
  }

  /** A token request (sign-in or refresh) through the balancer; a failure is recorded like any other. */
  async tokenRequest(customer: number, grant: () => ReturnType<typeof passwordGrant>) {
    this.figures.requests++;
    this.figures.tokenRequests++;
    try {
      const response = await grant();
      if (response.status === 200) return response.body;
      this.fail(customer, 'token', response);
    } catch (error) {
      this.fail(customer, 'token', String(error));
    }
    return undefined;
  }
}
