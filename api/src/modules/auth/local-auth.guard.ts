import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/** passport-local checks the credentials; the controller then starts a new session for the user. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {}
