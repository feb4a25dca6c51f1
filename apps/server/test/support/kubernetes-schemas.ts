import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { DomainMapping } from '@kubernetes-models/knative/serving.knative.dev/v1beta1/DomainMapping';
import { Service as KnativeService } from '@kubernetes-models/knative/serving.knative.dev/v1/Service';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { ResourceQuota } from 'kubernetes-models/v1/ResourceQuota';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ClusterRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRole';
import { ClusterRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRoleBinding';
import { parseAllDocuments } from 'yaml';

// Checks Kubernetes objects against the real schemas: core, batch, apps, networking and policy from
// kubernetes-models, Knative Serving and the Prometheus Operator's kinds from @kubernetes-models, and CloudNativePG's and the RabbitMQ
// operators' own CustomResourceDefinitions (../shared/k8s-crds, their OpenAPI v3 schemas through Ajv).

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Model {
  validate(): void;
}
type ModelClass = new (data: never) => Model;

const MODELS: Record<string, ModelClass> = {
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
  'v1/Namespace': Namespace,
  'v1/ResourceQuota': ResourceQuota,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'batch/v1/CronJob': CronJob,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'rbac.authorization.k8s.io/v1/ClusterRole': ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': ClusterRoleBinding,
  'serving.knative.dev/v1/Service': KnativeService,
  'serving.knative.dev/v1beta1/DomainMapping': DomainMapping,
};

export const CRD_FOLDER = path.resolve(import.meta.dirname, '../../../../../shared/k8s-crds');

const CRD_FILES = [
  'cloudnative-pg/postgresql.cnpg.io_clusters.yaml',
  'cloudnative-pg/postgresql.cnpg.io_databases.yaml',
  'rabbitmq/rabbitmq.com_rabbitmqclusters.yaml',
  'rabbitmq/rabbitmq.com_vhosts.yaml',
  'rabbitmq/rabbitmq.com_users.yaml',
  'rabbitmq/rabbitmq.com_permissions.yaml',
];

interface CustomResourceDefinition {
  spec: {
    group: string;
    names: { kind: string };
    versions: { name: string; served: boolean; schema: { openAPIV3Schema: object } }[];
  };
}

let crdValidators: Map<string, ValidateFunction> | undefined;

/** Validators of every served version of the CRDs' kinds, keyed `group/version/Kind`. */
function customResourceValidators(): Map<string, ValidateFunction> {
  if (crdValidators) return crdValidators;
  // Kubernetes' own keywords (x-kubernetes-*) are not JSON Schema; CEL rules are the API server's to check.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  crdValidators = new Map();
  for (const file of CRD_FILES) {
    const text = readFileSync(path.join(CRD_FOLDER, file), 'utf8');
    const crd = parseAllDocuments(text)[0]?.toJS() as CustomResourceDefinition;
    for (const version of crd.spec.versions.filter((candidate) => candidate.served)) {
      crdValidators.set(
        `${crd.spec.group}/${version.name}/${crd.spec.names.kind}`,
        ajv.compile(version.schema.openAPIV3Schema),
      );
    }
  }
  return crdValidators;
}

/** Throws, naming the object and what is wrong, unless it is valid for its apiVersion and kind. */
export function validateObject(object: KubernetesObject): void {
  const key = `${object.apiVersion}/${object.kind}`;
  const label = `${key} ${object.metadata?.name ?? '(no name)'}`;
  const Model = MODELS[key];
  if (Model) {
    try {
      new Model(object as never).validate();
    } catch (error) {
      throw new Error(`${label} is invalid: ${(error as Error).message}`);
    }
    return;
  }
  const validate = customResourceValidators().get(key);
  if (!validate) throw new Error(`No schema for ${key}`);
  if (!validate(object)) {
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
    throw new Error(`${label} is invalid: ${errors.join('; ')}`);
  }
}
