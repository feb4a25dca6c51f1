/** An amount of EUR cents as the API's `Price`, in whole cents. */
export const eurPrice = (cents: number) => ({ amount: Math.round(cents), currency: 'EUR' });
