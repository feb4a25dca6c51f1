// Ready-made ways to connect with a user's connection string (`postgresql://…` or `mysql://…`, password
// included): the engine's command-line client and two drivers. The string's scheme says which engine.

export interface ConnectionSnippet {
  /** `psql`, `Node.js (pg)`. */
  label: string;
  code: string;
}

/** One argument for a POSIX shell, in single quotes (nothing is expanded inside them). */
const shellArgument = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A string literal that JavaScript and Python both read (double quotes, backslash escapes). */
const literal = (text: string) => JSON.stringify(text);

function postgresSnippets(dsn: string): ConnectionSnippet[] {
  return [
    { label: 'psql', code: `psql ${shellArgument(dsn)}` },
    {
      label: 'Node.js (pg)',
      code: `import pg from 'pg';\n\nconst client = new pg.Client({ connectionString: ${literal(dsn)} });\nawait client.connect();`,
    },
    {
      label: 'Python (psycopg)',
      code: `import psycopg\n\nconnection = psycopg.connect(${literal(dsn)})`,
    },
  ];
}

/** MySQL's client and PyMySQL take the parts of the address one by one, not a URL. */
function mysqlSnippets(dsn: string): ConnectionSnippet[] {
  const url = new URL(dsn);
  const parts = {
    host: url.hostname,
    port: url.port || '3306',
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
  const cli = [
    'mysql',
    `--host=${shellArgument(parts.host)}`,
    `--port=${parts.port}`,
    `--user=${shellArgument(parts.user)}`,
    `--password=${shellArgument(parts.password)}`,
    ...(parts.database ? [shellArgument(parts.database)] : []),
  ];
  const pythonArguments = [
    `host=${literal(parts.host)}`,
    `port=${parts.port}`,
    `user=${literal(parts.user)}`,
    `password=${literal(parts.password)}`,
    ...(parts.database ? [`database=${literal(parts.database)}`] : []),
  ];
  return [
    { label: 'mysql', code: cli.join(' ') },
    {
      label: 'Node.js (mysql2)',
      code: `import mysql from 'mysql2/promise';\n\nconst connection = await mysql.createConnection(${literal(dsn)});`,
    },
    {
      label: 'Python (PyMySQL)',
      code: `import pymysql\n\nconnection = pymysql.connect(${pythonArguments.join(', ')})`,
    },
  ];
}

export function connectionSnippets(dsn: string): ConnectionSnippet[] {
  return dsn.startsWith('mysql:') ? mysqlSnippets(dsn) : postgresSnippets(dsn);
}
