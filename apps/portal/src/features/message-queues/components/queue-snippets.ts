// Ready-made ways to connect with an AMQP address (`amqps://user:password@host:port/vhost`, password
// included): two client libraries that take the address as it is.

export interface ConnectionSnippet {
  /** `Node.js (amqplib)`. */
  label: string;
  code: string;
}

/** A string literal that JavaScript and Python both read (double quotes, backslash escapes). */
const literal = (text: string) => JSON.stringify(text);

export function amqpSnippets(dsn: string): ConnectionSnippet[] {
  return [
    {
      label: 'Node.js (amqplib)',
      code: `import amqp from 'amqplib';\n\nconst connection = await amqp.connect(${literal(dsn)});`,
    },
    {
      label: 'Python (pika)',
      code: `import pika\n\nconnection = pika.BlockingConnection(pika.URLParameters(${literal(dsn)}))`,
    },
  ];
}
