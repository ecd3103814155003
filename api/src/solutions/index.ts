/** The solution library's public module: its admin routes and the matching job's worker. */

export { registerSolutionMatching } from './matching';
export { adminSolutionRoutes } from './routes';
