import { mdiLockOutline } from '@mdi/js';
import { MessagePage } from '../../components/message-page.tsx';
import { ButtonLink } from '../../components/router-links.tsx';

export function NotAllowedPage() {
  return (
    <MessagePage
      icon={mdiLockOutline}
      title="Not allowed"
      action={
        <ButtonLink to={'/compute/serverless-containers'} variant="contained">
          Back to namespaces
        </ButtonLink>
      }
    >
      Your account does not have access to this page. If your account is suspended, contact customer support.
    </MessagePage>
  );
}
