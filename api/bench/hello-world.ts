// The baseline of the read benchmark: a bare NestJS app on Express answering one tiny JSON.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

@Controller()
class HelloController {
  @Get()
  hello(): { hello: string } {
    return { hello: 'world' };
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(HelloModule, { logger: false });
  await app.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1');
  process.send?.({ ready: true });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
