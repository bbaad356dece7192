import { Module } from '@nestjs/common';
import { SignedInUserCache } from './signed-in-user-cache';
import { UsersService } from './users.service';

@Module({ providers: [UsersService, SignedInUserCache], exports: [UsersService] })
export class UsersModule {}
