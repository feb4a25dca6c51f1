// Plans sold in sizes, each with one replica or three (high availability, at three times the price): the
// database cluster plans and the message queue plans are made this one way.

interface PlanSize {
  key: string;
  name: string;
  cents: number;
}

/** A plan's name as customers know it (`Extra small, high availability`); an unknown id as it is. */
export const planName = (plans: readonly { id: string; name: string }[], id: string) =>
  plans.find((plan) => plan.id === id)?.name ?? id;

/** Each size as a one-replica and a three-replica plan, with ids `{idPrefix}{size}-{replicas}`. */
export const withReplicas = <Size extends PlanSize>(sizes: readonly Size[], idPrefix = '') =>
  sizes.flatMap(({ key, name, cents, ...facts }) =>
    ([1, 3] as const).map((replicas) => ({
      ...facts,
      id: `${idPrefix}${key}-${replicas}`,
      name: `${name}${replicas === 3 ? ', high availability' : ''}`,
      replicas,
      monthlyPriceCents: cents * replicas,
    })),
  );
