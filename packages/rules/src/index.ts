export {
  ACTIONS,
  AREAS,
  decide,
  standingOf,
  SUSPENDED_REASONS,
  type Action,
  type Area,
  type Decision,
  type NextStep,
  type PolicyCustomer,
  type Standing,
  type SuspendedReason,
} from './access-policy.ts';
