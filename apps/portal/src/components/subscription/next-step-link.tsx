import type { Area } from '@berth/rules';
import type { ButtonProps } from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { linkOptions } from '@tanstack/react-router';
import type { Refusal } from '../../lib/auth/refusal.ts';
import { ButtonLink, type LinkTarget } from '../router-links.tsx';

const billingPage = { label: 'Go to Billing', link: linkOptions({ to: '/account/billing' }) };
/** Where the link that confirms the address is mailed again. */
const accountPage = { label: 'Go to Account', link: linkOptions({ to: '/account' }) };

/** Where each area's product is subscribed to (the lists offer the checkout). */
const productPages: Record<Area, { label: string; link: LinkTarget }> = {
  'serverless-container': {
    label: 'Go to Namespaces',
    link: linkOptions({ to: '/compute/serverless-containers' }),
  },
  'cloud-database': { label: 'Go to Cloud databases', link: linkOptions({ to: '/storage/databases' }) },
  // Never refused for a product: each queue is paid by its own plan, on the Billing page.
  'message-queue': billingPage,
  billing: billingPage,
  // Never refused (see the access policy); the account page is where sign-in is changed.
  'sign-in': accountPage,
};

/**
 * The way to what a refusal asks for: the Billing page to pay, the product's page to subscribe, the Account
 * page to confirm the email address. Nothing for contacting support, which the refusal's sentence asks for in
 * words.
 */
export function NextStepLink({
  refusal,
  area,
  variant = 'contained',
  sx,
}: {
  refusal: Refusal;
  area: Area;
  variant?: ButtonProps['variant'];
  sx?: SxProps<Theme>;
}) {
  const pages: Record<Refusal['next'], { label: string; link: LinkTarget } | null> = {
    'pay-invoice': billingPage,
    subscribe: productPages[area],
    'verify-email': accountPage,
    'contact-support': null,
  };
  const page = pages[refusal.next];
  if (!page) return null;
  return (
    <ButtonLink {...page.link} variant={variant} sx={sx}>
      {page.label}
    </ButtonLink>
  );
}
