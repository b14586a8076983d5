import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { RealmsRepository } from '../realms/realms.repository.js';
import { ApiKeyVault } from '../users/api-key-vault.js';
import { type BouncerAnswer, PushBouncerClient } from './push-bouncer.client.js';
import { publishPushDeviceEvent } from './push-device.events.js';
import { PushTokenKind } from './push-device-token.entity.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import { realmUuid, userUuid } from './push-identity.js';
import type { PushJobEntity } from './push-job.entity.js';
import { PushJobsRepository } from './push-jobs.repository.js';
import { PushNoticesRepository } from './push-notices.repository.js';
import { removalPayloads, type PushPayloads } from './push-payloads.js';
import { PushRemovals } from './push-removals.js';
import { PushMetrics } from './push.metrics.js';

// The bouncer keeps retrying an E2EE registration for a day (Zulip's
// PUSH_REGISTRATION_LIVENESS_TIMEOUT); the device then fails with REQUEST_EXPIRED.
const REGISTRATION_LIVENESS_MS = 24 * 60 * 60 * 1000;
// A notification is worth a few minutes of retries, a token registration a few hours.
const MAX_NOTIFY_ATTEMPTS = 8;
const MAX_TOKEN_ATTEMPTS = 16;
const MAX_BACKOFF_MS = 15 * 60 * 1000;
// The bouncer's refusals an E2EE registration reports as they are; any other refusal means
// the encrypted registration was not readable (Zulip reports BAD_REQUEST).
const REPORTED_CODES = new Set(['INVALID_BOUNCER_PUBLIC_KEY', 'REQUEST_EXPIRED']);
// The bouncer does not know the realm yet: Zulip uploads it and tries again.
const RETRIED_CODES = new Set(['MISSING_REMOTE_REALM']);

type Outcome = 'done' | 'retry';

// Makes one call to the bouncer for a queued job and records what it changed.
@Injectable()
export class PushJobRunner {
  constructor(
    private readonly bouncer: PushBouncerClient,
    private readonly devices: PushDevicesRepository,
    private readonly notices: PushNoticesRepository,
    private readonly removals: PushRemovals,
    private readonly jobs: PushJobsRepository,
    private readonly realms: RealmsRepository,
    private readonly vault: ApiKeyVault,
    private readonly metrics: PushMetrics,
    private readonly clock: Clock,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(job: PushJobEntity): Promise<void> {
    const outcome = await this.attempt(job).catch((error: unknown): Outcome => {
      // A job that fails every time (a secret sealed under another key) must not come back forever.
      this.logger.error(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
        'push job failed',
      );
      return job.attempts < MAX_TOKEN_ATTEMPTS ? 'retry' : 'done';
    });
    if (outcome === 'done') return this.jobs.finish(job);
    const backoff = Math.min(1_000 * 2 ** job.attempts, MAX_BACKOFF_MS);
    await this.jobs.retryAt(job, new Date(this.clock.now().getTime() + backoff));
  }

  private attempt(job: PushJobEntity): Promise<Outcome> {
    switch (job.kind) {
      case 'e2ee_register':
        return this.registerDevice(job);
      case 'token_register':
      case 'token_unregister':
        return this.sendToken(job);
      case 'message':
      case 'remove':
        return this.notify(job);
    }
  }

  private async registerDevice(job: PushJobEntity): Promise<Outcome> {
    const device = await this.devices.deviceById(job.data['deviceId'] as number);
    if (!device || device.status !== 'pending') return 'done';
    const answer = await this.bouncer.postForm('e2ee/register', {
      realm_uuid: realmUuid(this.bouncer.serverUuid, device.realmId),
      push_account_id: device.pushAccountId,
      encrypted_push_registration: this.vault.unseal(device.encryptedPushRegistrationSealed),
      bouncer_public_key: device.bouncerPublicKey,
    });
    let outcome: { status: 'active' | 'failed'; errorCode: string | null; bouncerDeviceId: string | null };
    if (answer.kind === 'ok') {
      outcome = { status: 'active', errorCode: null, bouncerDeviceId: String(answer.body['device_id']) };
    } else if (answer.kind === 'refused' && !RETRIED_CODES.has(answer.code)) {
      const errorCode = REPORTED_CODES.has(answer.code) ? answer.code : 'BAD_REQUEST';
      outcome = { status: 'failed', errorCode, bouncerDeviceId: null };
    } else if (this.clock.now().getTime() - device.registeredAt.getTime() > REGISTRATION_LIVENESS_MS) {
      this.logger.error(
        { userId: device.userId, pushAccountId: device.pushAccountId },
        'push device registration expired',
      );
      outcome = { status: 'failed', errorCode: 'REQUEST_EXPIRED', bouncerDeviceId: null };
    } else {
      this.warnRetry(job, answer);
      return 'retry';
    }
    await this.outbox.run(async (tx) => {
      if (await this.devices.settle(tx, device, outcome))
        await publishPushDeviceEvent(tx, device, outcome.status, outcome.errorCode);
    });
    this.metrics.registered('e2ee', outcome.status === 'active' ? 'registered' : 'failed');
    return 'done';
  }

  // Zulip's add_push_device_token / remove_push_device_token calls, for a legacy token.
  private async sendToken(job: PushJobEntity): Promise<Outcome> {
    const kind = job.data['tokenKind'] as PushTokenKind;
    const params: Record<string, string> = {
      server_uuid: this.bouncer.serverUuid,
      realm_uuid: realmUuid(this.bouncer.serverUuid, job.realmId),
      user_uuid: userUuid(this.bouncer.serverUuid, job.userId),
      user_id: String(job.userId),
      token: this.vault.unseal(job.secret!),
      token_kind: String(kind),
      ...(kind === PushTokenKind.APNS && job.kind === 'token_register'
        ? { ios_app_id: job.data['iosAppId'] as string }
        : {}),
    };
    const answer = await this.bouncer.postForm(
      job.kind === 'token_register' ? 'register' : 'unregister',
      params,
    );
    if (answer.kind === 'unavailable' && job.attempts < MAX_TOKEN_ATTEMPTS) {
      this.warnRetry(job, answer);
      return 'retry';
    }
    if (job.kind === 'token_register')
      this.metrics.registered('legacy', answer.kind === 'ok' ? 'registered' : 'failed');
    if (answer.kind !== 'ok')
      this.logger.warn({ jobId: job.id, kind: job.kind, answer: describe(answer) }, 'push token call failed');
    return 'done';
  }

  private async notify(job: PushJobEntity): Promise<Outcome> {
    const kind = job.kind as 'message' | 'remove';
    const messageId = job.data['messageId'] as number | undefined;
    // Read (or deleted) before its notification went out: nothing to show, nothing to remove.
    if (kind === 'message' && !(await this.notices.isUnread(job.userId, messageId!))) return 'done';
    const tokens = await this.devices.tokensOf(job.userId);
    if (tokens.length === 0) return 'done';
    const payloads = await this.payloadsOf(job);
    if (!payloads) return 'done';
    const devices = tokens.map((token) => ({
      kind: token.kind,
      token: this.vault.unseal(token.tokenSealed),
    }));
    const answer = await this.bouncer.postJson('notify', {
      user_uuid: userUuid(this.bouncer.serverUuid, job.userId),
      user_id: job.userId,
      realm_uuid: realmUuid(this.bouncer.serverUuid, job.realmId),
      apns_payload: payloads.apns,
      gcm_payload: payloads.gcm,
      gcm_options: payloads.gcmOptions,
      android_devices: devices
        .filter((device) => device.kind === PushTokenKind.FCM)
        .map((device) => device.token),
      apple_devices: devices
        .filter((device) => device.kind === PushTokenKind.APNS)
        .map((device) => device.token),
    });
    if (answer.kind === 'unavailable' && job.attempts < MAX_NOTIFY_ATTEMPTS) {
      this.warnRetry(job, answer);
      return 'retry';
    }
    if (answer.kind !== 'ok') {
      this.metrics.notified(kind, 'failed');
      this.logger.warn({ jobId: job.id, kind, answer: describe(answer) }, 'push notification given up');
      return 'done';
    }
    if (kind === 'message') await this.recordNotice(job, messageId!);
    await this.forgetDeletedDevices(answer.body);
    this.metrics.notified(kind, 'sent');
    return 'done';
  }

  // The phones show the notification until the message is read. A read committed while it was
  // being sent may have been announced before this notice existed: checked again here, with the
  // notice written, so one of the two sees the other and the removal follows either way.
  private async recordNotice(job: PushJobEntity, messageId: number): Promise<void> {
    await this.outbox.run(async (tx) => {
      await this.notices.record(tx, { realmId: job.realmId, userId: job.userId, messageId });
      if (!(await this.notices.isUnread(job.userId, messageId, tx)))
        await this.removals.queue(tx, [job.userId], [messageId]);
    });
  }

  private async payloadsOf(job: PushJobEntity): Promise<PushPayloads | null> {
    if (job.kind === 'message') return job.data['payloads'] as unknown as PushPayloads;
    const realm = await this.realms.findById(job.realmId);
    return realm ? removalPayloads(realm, job.userId, job.data['messageIds'] as number[]) : null;
  }

  // The bouncer names the tokens FCM or APNs reported gone (the app was uninstalled).
  private async forgetDeletedDevices(body: Readonly<Record<string, unknown>>): Promise<void> {
    const deleted = body['deleted_devices'] as
      { android_devices?: string[]; apple_devices?: string[] } | undefined;
    const hashes = (tokens: string[] | undefined) => (tokens ?? []).map((token) => this.vault.hash(token));
    await this.devices.forgetTokens(PushTokenKind.FCM, hashes(deleted?.android_devices));
    await this.devices.forgetTokens(PushTokenKind.APNS, hashes(deleted?.apple_devices));
  }

  private warnRetry(job: PushJobEntity, answer: BouncerAnswer): void {
    this.logger.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, answer: describe(answer) },
      'push bouncer call will be retried',
    );
  }
}

// What may be logged of an answer: never the request, which carries tokens.
function describe(answer: BouncerAnswer): string {
  switch (answer.kind) {
    case 'ok':
      return 'ok';
    case 'refused':
      return `refused ${answer.status} ${answer.code}: ${answer.msg}`;
    case 'unavailable':
      return `unavailable: ${answer.reason}`;
  }
}
