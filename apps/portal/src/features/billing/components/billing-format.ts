const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A day (an ISO-8601 timestamp from the API) in the customer's locale and time zone. */
export function formatDate(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : dateFormat.format(date);
}

/** `Visa ending in 4242, expires 12/2039` */
export function describeCard(card: {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}) {
  const month = String(card.expiryMonth).padStart(2, '0');
  return `${card.brand} ending in ${card.last4}, expires ${month}/${card.expiryYear}`;
}
