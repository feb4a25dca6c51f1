import { mdiMapMarkerQuestionOutline } from '@mdi/js';
import { MessagePage } from '../../components/message-page.tsx';
import { ButtonLink } from '../../components/router-links.tsx';

export function NotFoundPage() {
  return (
    <MessagePage
      icon={mdiMapMarkerQuestionOutline}
      title="Page not found"
      action={
        <ButtonLink to={'/welcome'} variant="contained">
          Go to the start page
        </ButtonLink>
      }
    >
      The page you were looking for does not exist. Check the address, or start again from the welcome page.
    </MessagePage>
  );
}
