import 'reflect-metadata';
import { loadConfig } from '../config/app-config';
import { startRoles } from '../app/bootstrap';
import { describeStartFailure } from '../app/start-failure';
import { JobDispatcher } from '../infra/queue/job-dispatcher';
import { TaskRunner } from '../infra/schedule/task-runner.service';

const USAGE = 'Usage: npm run task -- <name>   (npm run task -- --list shows the names)';

/**
 * `npm run task -- <name>`: runs one scheduled task once, now, with the same configuration as
 * `npm start` (database, queue, mail), and exits 0 when its work is done: with Redis, once the jobs
 * it enqueued are in the queue (the worker role does them); without Redis, once they have run here.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const list = args.includes('--list');
  const name = args.find((arg) => !arg.startsWith('-'));
  if (!list && !name) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  // Without Redis the worker's processors run in this process, so the task's jobs are done here.
  const running = await startRoles(config, config.redisUrl ? ['scheduler'] : ['worker', 'scheduler'], {
    cron: false,
  });
  try {
    const runner = running.app.get(TaskRunner);
    if (list) {
      const tasks = runner.list();
      const width = Math.max(...tasks.map((task) => task.name.length));
      for (const task of tasks) console.log(`${task.name.padEnd(width)}  ${task.cron.padEnd(14)}  ${task.description}`);
      return 0;
    }
    if (!name || !runner.has(name)) {
      console.error(
        `Unknown task "${name}". Known tasks: ${runner
          .list()
          .map((task) => task.name)
          .join(', ')}.`,
      );
      return 2;
    }
    const result = await runner.run(name, 'manual');
    await running.app.get(JobDispatcher).drain();
    console.log(JSON.stringify({ task: name, ...result }));
    return 0;
  } finally {
    await running.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const described = describeStartFailure(error);
    console.error(described instanceof Error ? described.message : described);
    process.exit(1);
  },
);
