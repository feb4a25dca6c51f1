import { parseArgs } from 'node:util';
import { DomainError } from '../errors.ts';
import type { Services } from '../services.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]
  account create --email E --password P [--name N]   a new customer with its account (address taken as confirmed)
  account verify --email E                           confirms the account's address (checked elsewhere)
  account reset-2fa --email E                        turns two-factor sign-in off (lost app and codes)
  customer list                                      every customer with its email, products and status
  customer suspend --email E --reason R              R: MALICIOUS_ACTIVITY, PAYMENT_ISSUES, ABUSIVE_BEHAVIOUR,
                                                        SUPPORTING_PROHIBITED_CONTENT, DEFAULT
  customer unsuspend --email E
  subscription grant --email E --product P           P: serverless-container, cloud-database
  subscription revoke --email E --product P
  flag list                                          every feature flag and whom it is on for
  flag enable NAME [--email E]                       on for everyone, or for one more user (E's account)
  flag disable NAME [--email E]                      off for everyone, or no longer for that user
  mail list                                          the newest 50 mails, kept or sent
  mail show ID                                       one mail's text (kept mail; sent mail keeps no body)
  advisor run [--cluster NAMESPACE/NAME]             the database advisor's analysis now: of every cluster
                                                        with the advisor on, or of that one; prints the findings`;

export interface CommandResult {
  exitCode: number;
  output: string;
}

const ok = (output: string): CommandResult => ({ exitCode: 0, output });
const usageError = (message: string): CommandResult => ({ exitCode: 2, output: `${message}\n\n${USAGE}` });

function required(values: Record<string, string | undefined>, ...names: string[]): string | undefined {
  const missing = names.filter((name) => !values[name]);
  return missing.length ? `Missing ${missing.map((name) => `--${name}`).join(', ')}` : undefined;
}

/** `advisor run`: each cluster's analysis, what it found (type, identifier, message) or why it did not run. */
async function advisorRun(services: Services, cluster: string | undefined): Promise<CommandResult> {
  let named: { namespace: string; name: string } | undefined;
  if (cluster !== undefined) {
    const [namespace, name, ...rest] = cluster.split('/');
    if (!namespace || !name || rest.length > 0)
      return usageError('Give the cluster as --cluster NAMESPACE/NAME');
    named = { namespace, name };
  }
  const outcomes = await services.databaseAdvisories.runNow(named);
  if (outcomes.length === 0) {
    return named
      ? { exitCode: 1, output: `Error: no database cluster ${cluster}` }
      : ok('No database cluster has the advisor on');
  }
  const lines = outcomes.flatMap((outcome) => {
    const title = `${outcome.namespace}/${outcome.cluster} (customer ${outcome.customerId})`;
    if (outcome.status === 'skipped') return [`${title}: not analysed, ${outcome.reason}`];
    if (outcome.status === 'failed') return [`${title}: the analysis failed: ${outcome.error}`];
    const found = outcome.advisories.length;
    return [
      `${title}: analysed ${outcome.analysedAt.toISOString()}, ${found} ${found === 1 ? 'advisory' : 'advisories'}`,
      ...outcome.advisories.map(
        (advisory) =>
          `  ${advisory.type}\t${advisory.identifier}${advisory.type === 'MissingIndex' ? `\t(database ${advisory.databaseName})` : ''}\n    ${advisory.message}`,
      ),
    ];
  });
  // Asked for one cluster, anything but its analysis is a failure; for all, only a failed analysis is.
  const failed = outcomes.some((outcome) =>
    named ? outcome.status !== 'analysed' : outcome.status === 'failed',
  );
  return { exitCode: failed ? 1 : 0, output: lines.join('\n') };
}

/** Runs one operator command; the command line and the running server's admin endpoint share it. */
export async function runAdminCommand(argv: string[], services: Services): Promise<CommandResult> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        reason: { type: 'string' },
        product: { type: 'string' },
        cluster: { type: 'string' },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  // `flag enable NAME`: the flag's name is the command's argument.
  const command = positionals.slice(0, 2).join(' ');
  const argument = positionals[2];
  const takesArgument = ['flag enable', 'flag disable', 'mail show'].includes(command);
  if (positionals.length > (takesArgument ? 3 : 2))
    return usageError(`Unexpected argument: ${positionals.slice(takesArgument ? 3 : 2).join(' ')}`);
  const { email = '', product = '' } = values;
  try {
    switch (command) {
      case 'account create': {
        const missing = required(values, 'email', 'password');
        if (missing) return usageError(missing);
        const id = await services.accounts.create(
          {
            email,
            password: values.password ?? '',
            name: values.name ?? email.split('@')[0] ?? email,
          },
          { verified: true },
        );
        return ok(`Created account ${id} for ${email}`);
      }
      case 'account verify': {
        const missing = required(values, 'email');
        if (missing) return usageError(missing);
        await services.accounts.markEmailVerified(email);
        return ok(`The address ${email} is confirmed: the account may subscribe`);
      }
      case 'account reset-2fa': {
        const missing = required(values, 'email');
        if (missing) return usageError(missing);
        await services.twoFactor.reset((await services.accounts.requireByEmail(email)).id);
        return ok(
          `Two-factor sign-in is off for ${email}; they sign in with their password and can set it up again`,
        );
      }
      case 'customer list': {
        const rows = await services.accounts.listCustomers();
        const lines = rows.map(
          (row) =>
            `${row.id}\t${row.email}\t${row.name}\t${row.products.join(',') || '-'}\t${row.suspendedReason ? `suspended: ${row.suspendedReason}` : 'active'}`,
        );
        return ok(['id\temail\tname\tsubscriptions\tstatus', ...lines].join('\n'));
      }
      case 'customer suspend': {
        const missing = required(values, 'email', 'reason');
        if (missing) return usageError(missing);
        await services.accounts.suspend(email, values.reason ?? '');
        return ok(`Suspended ${email} (${values.reason ?? ''})`);
      }
      case 'customer unsuspend': {
        const missing = required(values, 'email');
        if (missing) return usageError(missing);
        await services.accounts.unsuspend(email);
        return ok(`Unsuspended ${email}`);
      }
      case 'subscription grant':
      case 'subscription revoke': {
        const missing = required(values, 'email', 'product');
        if (missing) return usageError(missing);
        const grant = command === 'subscription grant';
        await services.accounts.setSubscription(email, product, grant);
        return ok(`${grant ? 'Granted' : 'Revoked'} ${product} ${grant ? 'to' : 'from'} ${email}`);
      }
      case 'flag list': {
        const flags = await services.flags.list();
        const state = (flag: (typeof flags)[number]) =>
          !flag.enabled ? 'off' : flag.userIds.length ? `on for users ${flag.userIds.join(', ')}` : 'on';
        return ok(['name\tstate', ...flags.map((flag) => `${flag.name}\t${state(flag)}`)].join('\n'));
      }
      case 'flag enable':
      case 'flag disable': {
        if (!argument) return usageError('Missing the flag name');
        const user = values.email ? String((await services.accounts.requireByEmail(email)).id) : undefined;
        const enable = command === 'flag enable';
        await (enable ? services.flags.enable(argument, user) : services.flags.disable(argument, user));
        const whom = values.email ? ` for ${email}` : ' for everyone';
        return ok(`${enable ? 'Enabled' : 'Disabled'} ${argument}${whom}`);
      }
      case 'mail list': {
        const rows = await services.mail.recent(50);
        const lines = rows.map(
          (row) =>
            `${row.id}\t${row.createdAt.toISOString()}\t${row.status}\t${row.recipient}\t${row.subject}`,
        );
        return ok(['id\tcreated\tstatus\tto\tsubject', ...lines].join('\n'));
      }
      case 'mail show': {
        const id = Number(argument);
        if (!argument || !Number.isInteger(id) || id < 1) return usageError('Give the mail id: mail show ID');
        const row = await services.mail.find(id);
        if (!row) return { exitCode: 1, output: `Error: no mail ${id}` };
        const body = row.textBody ?? `(${row.status}: its body is no longer kept)`;
        return ok(`To: ${row.recipient}\nSubject: ${row.subject}\nStatus: ${row.status}\n\n${body}`);
      }
      case 'advisor run':
        return await advisorRun(services, values.cluster);
      default:
        return usageError(command ? `Unknown command: ${command}` : 'No command given');
    }
  } catch (error) {
    if (error instanceof DomainError) return { exitCode: 1, output: `Error: ${error.message}` };
    throw error;
  }
}
