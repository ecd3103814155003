import { Hono } from 'hono';
import type { AppEnv } from '../app/context';

// SCAFFOLD: replaced by its feature's routes in this change.
export function serviceStatusRoutes() {
  return new Hono<AppEnv>();
}
