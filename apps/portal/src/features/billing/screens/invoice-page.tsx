import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import { mdiDownload, mdiMagnify, mdiOpenInNew, mdiPrinter } from '@mdi/js';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { LoadError } from '@/components/load-error.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { MessagePage } from '@/components/message-page.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { downloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { invoiceQueryOptions } from '../api/get-invoice.ts';
import { InvoiceDocument, invoiceDocumentId } from '../components/invoice-document.tsx';

const route = getRouteApi('/account/billing/invoices/$number');

// On paper only the invoice: the app bar, navigation, breadcrumbs and the page's buttons are hidden (kept in
// place, so the layout needs no knowledge of the app shell), the invoice moved to the page's top left, and
// its text black on white whichever theme is on screen.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        body: { background: '#fff !important' },
        'body *': { visibility: 'hidden' },
        [`#${invoiceDocumentId}, #${invoiceDocumentId} *`]: {
          visibility: 'visible',
          color: '#000 !important',
        },
        [`#${invoiceDocumentId}`]: {
          position: 'absolute',
          top: 0,
          left: 0,
          width: '100%',
          border: 'none !important',
          background: '#fff !important',
        },
      },
    }}
  />
);

function InvoiceNotFound({ number }: { number: string }) {
  return (
    <MessagePage
      icon={mdiMagnify}
      title="Invoice not found"
      action={
        <ButtonLink to="/account/billing" variant="contained">
          Back to Billing
        </ButtonLink>
      }
    >
      There is no invoice numbered “{number}” in your account.
    </MessagePage>
  );
}

/** One invoice: the document, Print, Download PDF, and the provider's own page of it when it has one. */
export function InvoicePage() {
  const { number } = route.useParams();
  const query = useQuery(invoiceQueryOptions(number));
  const download = useMutation({
    mutationFn: downloadInvoicePdf,
    meta: { failureMessage: 'The PDF could not be downloaded. Try again.' },
  });

  if (query.error instanceof GraphQLRequestError && query.error.hasCode('NOT_FOUND')) {
    return <InvoiceNotFound number={number} />;
  }
  if (query.isError) {
    return <LoadError title="This invoice could not be loaded" onRetry={query.refetch} />;
  }
  const data = query.data;
  return (
    <>
      {printStyles}
      <PageHeader
        title={
          <>
            {/* The number wraps as a whole, never at its hyphen ('BERTH-' over '000001' on a phone). */}
            Invoice{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {number}
            </Box>
          </>
        }
        action={
          data && (
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }} useFlexGap>
              {data.invoice.hostedUrl && (
                <Button
                  variant="outlined"
                  href={data.invoice.hostedUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  startIcon={<MdiIcon path={mdiOpenInNew} />}
                >
                  Payment provider’s page
                </Button>
              )}
              <Button
                variant="outlined"
                startIcon={<MdiIcon path={mdiPrinter} />}
                onClick={() => window.print()}
              >
                Print
              </Button>
              <Button
                variant="contained"
                loading={download.isPending}
                loadingPosition="start"
                startIcon={<MdiIcon path={mdiDownload} />}
                onClick={() => download.mutate(data.invoice)}
              >
                Download PDF
              </Button>
            </Stack>
          )
        }
      />
      {data ? (
        <InvoiceDocument invoice={data.invoice} details={data.billingDetails} />
      ) : (
        <LoadingBlock label="Loading invoice" height={480} />
      )}
    </>
  );
}
