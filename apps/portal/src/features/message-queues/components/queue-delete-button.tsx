import { useNavigate } from '@tanstack/react-router';
import { DeleteAction } from '@/components/delete-action.tsx';
import { useDeleteQueue } from '../api/delete-queue.ts';
import type { QueueAddress } from '../api/get-queue.ts';

/** Deleting asks for the queue's name to be typed, then returns to the list of message queues. */
export function QueueDeleteButton({ queue, disabled }: { queue: QueueAddress; disabled: boolean }) {
  const navigate = useNavigate();
  return (
    <DeleteAction
      kind="message queue"
      name={queue.name}
      mutation={useDeleteQueue(queue)}
      variables={undefined}
      description="Its queues, their messages and its users are removed, and nothing can connect to it any more. This cannot be undone."
      successMessage={`Message queue ${queue.name} is being deleted`}
      disabled={disabled}
      trigger="button"
      typeToConfirm
      onDeleted={() => void navigate({ to: '/storage/message-queues' })}
    />
  );
}
