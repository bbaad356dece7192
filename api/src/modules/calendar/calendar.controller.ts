import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import type { CalendarFeedResponse } from '@tend/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../infra/http/access.decorators';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { CalendarService } from './calendar.service';

export const CALENDAR_FEED_NOT_FOUND_MESSAGE =
  'This calendar address does not open a feed: it was reset or never existed. Copy the current one from Settings in Tend.';

/** Settings' "Calendar feed": the secret address, made or reset, and turned off. */
@Controller('api/calendar-feed')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  async show(@SignedIn() user: SignedInUser): Promise<CalendarFeedResponse> {
    return { url: await this.calendar.urlOf(user.id) };
  }

  /** Makes the address, or replaces it (the old one answers 404 from now on). */
  @Post()
  @HttpCode(200)
  async reset(@SignedIn() user: SignedInUser): Promise<CalendarFeedResponse> {
    return { url: await this.calendar.reset(user.id) };
  }

  @Delete()
  @HttpCode(204)
  async remove(@SignedIn() user: SignedInUser): Promise<void> {
    await this.calendar.remove(user.id);
  }
}

/**
 * The feed that calendar apps poll. Public: the secret address is the credential (calendar apps
 * send no cookie). A conditional request for an unchanged feed answers 304 without reading the
 * contacts.
 */
@Public()
@Controller('calendar')
export class CalendarFileController {
  constructor(private readonly calendar: CalendarService) {}

  @Get(':file')
  async feed(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const feed = token ? await this.calendar.feed(token) : null;
    if (!feed) throw new NotFoundException({ errors: [CALENDAR_FEED_NOT_FOUND_MESSAGE] });
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.setHeader('ETag', feed.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The address is a credential: keep it out of other sites' Referer headers and of indexes.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    if (req.headers['if-none-match'] === feed.etag) {
      res.status(304).end();
      return;
    }
    const body = await feed.body();
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="tend-follow-ups.ics"');
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.status(200).end(gzip ? body.gzip : body.json);
  }
}
