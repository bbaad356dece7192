import { runRoles } from './app/bootstrap';

/** The scheduler role: timed tasks that enqueue work. */
runRoles(['scheduler']);
