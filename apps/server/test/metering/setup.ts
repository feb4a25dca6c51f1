import { graphql } from '../generated/gql.ts';

// What the metering tests share: Customer.priceBreakdown (API.md "Usage cost") as they ask for it.

export const PRICE_BREAKDOWN = graphql(`
  query PriceBreakdown($startDate: DateTime, $endDate: DateTime) {
    customer {
      priceBreakdown(startDate: $startDate, endDate: $endDate) {
        startDate
        endDate
        all: resourceSum {
          price {
            amount
            currency
          }
        }
        containers: resourceSum(resourceType: CONTAINER) {
          resourceType
          price {
            amount
          }
        }
        jobs: resourceSum(resourceType: CONTAINER_JOB) {
          price {
            amount
          }
        }
        volumes: resourceSum(resourceType: VOLUME) {
          price {
            amount
          }
        }
        resources {
          __typename
          ... on NamespacePriceBreakdown {
            name
            resourceType
            price {
              amount
            }
            volumeSum: resourceSum(resourceType: VOLUME) {
              price {
                amount
              }
            }
            resources(resourceType: ALL) {
              __typename
              name
              resourceType
              price {
                amount
              }
              ... on ContainerPriceBreakdown {
                replicas {
                  name
                  cpu
                  millicores: cpu(unit: mCPU)
                  memory
                  megabytes: memory(unit: MB)
                  duration
                  price {
                    amount
                  }
                }
              }
              ... on ContainerJobPriceBreakdown {
                runs {
                  cpu
                  memory
                  duration
                  runs
                  price {
                    amount
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`);

/** The breakdown of the signed-in customer (the API answers null only without one). */
export function breakdownOf<T>(customer: { priceBreakdown: T } | null | undefined): T {
  if (!customer) throw new Error('no customer in the answer');
  return customer.priceBreakdown;
}
