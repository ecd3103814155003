/** The service-status feature's public module: the tuner-facing 'File service open / closed'. */
export { LazyServiceStatusBanner } from './lazy-banner';
export { ServiceStatusBanner } from './service-status-banner';
export {
  type CurrentStatus,
  currentStatus,
  describeServiceStatus,
  formatServiceTime,
  type ServiceStatusText,
} from './status-text';
export { SERVICE_STATUS_KEY, useNow, useServiceStatus } from './use-service-status';
