import { runRoles } from './app/bootstrap';

/** `npm start`: api, worker and scheduler in one process. */
runRoles(['api', 'worker', 'scheduler']);
