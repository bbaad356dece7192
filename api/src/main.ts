import { runRoles } from './app/bootstrap';

/** The api role: HTTP for /api and the built SPA. */
runRoles(['api']);
