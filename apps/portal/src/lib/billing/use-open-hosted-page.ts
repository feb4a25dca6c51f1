import { useMutation } from '@tanstack/react-query';
import { leaveForHostedPage, requestHostedPage, type HostedPageRequest } from './hosted-page.ts';

/** SPEC §8: what a customer reads when the payment provider's page cannot be opened. */
export const checkoutErrorMessage = 'Something went wrong. Try again or contact customer support';

/**
 * Asks for a page the payment provider hosts (checkout, billing details) and takes the tab there. Once the
 * address is known the mutation stays successful while the browser leaves, so a caller showing
 * `isPending || isSuccess` as busy is not pressed twice.
 */
export function useOpenHostedPage() {
  return useMutation({
    mutationFn: (request: HostedPageRequest) => requestHostedPage(request),
    onSuccess: (url) => leaveForHostedPage(url),
    meta: { failureMessage: checkoutErrorMessage },
  });
}
