/** The settings feature's public module: the admin's settings and their routes. */

export { adminSettingsRoutes } from './admin-routes';
export { applyNewAccountPrice, companyOf, getSettings } from './service';
