import { runRoles } from './app/bootstrap';

/** The worker role: BullMQ processors, no HTTP. */
runRoles(['worker']);
