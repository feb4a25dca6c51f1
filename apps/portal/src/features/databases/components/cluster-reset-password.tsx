import { ResetPasswordAction } from '@/components/reset-password-action.tsx';
import { useResetClusterUserPassword } from '../api/modify-cluster-user.ts';
import type { ClusterAddress } from '../api/get-cluster.ts';
import { generatePassword } from './cluster-password.ts';

/** Gives a user a new password, made in the browser, after a confirmation (a users table row's icon). */
export function ClusterResetPassword({
  cluster,
  user,
  disabled,
  onReset,
}: {
  cluster: ClusterAddress;
  user: string;
  disabled: boolean;
  onReset: (user: string) => void;
}) {
  return (
    <ResetPasswordAction
      user={user}
      description={`${user} gets a new password and the current one stops working: applications that connect as ${user} need the new one.`}
      mutation={useResetClusterUserPassword(cluster)}
      variables={() => ({ name: user, password: generatePassword() })}
      disabled={disabled}
      trigger="icon"
      onReset={onReset}
    />
  );
}
