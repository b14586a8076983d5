import {
  IsBoolean,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  IsUUID,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { Transform } from 'class-transformer';
import { Secret } from '@platform/config';

export class ChatApiConfig {
  // At least 32 random characters. HKDF derives from it the HMAC key that authenticates API keys
  // and the AES-256-GCM key that seals them for /fetch_api_key. Changing it invalidates every
  // chat API key.
  @Secret()
  @MinLength(32, { message: 'CHAT_SECRET_KEY must be at least 32 characters' })
  CHAT_SECRET_KEY!: string;

  // Zulip's default API limit: 200 requests per user per 60 seconds (per replica here).
  @IsInt()
  @Min(1)
  CHAT_RATE_LIMIT_REQUESTS: number = 200;

  @IsInt()
  @Min(1)
  CHAT_RATE_LIMIT_WINDOW_SECONDS: number = 60;

  // Requests without credentials per client address per window (Zulip: 100 per 60 seconds).
  @IsInt()
  @Min(1)
  CHAT_RATE_LIMIT_ANONYMOUS_REQUESTS: number = 100;

  // A long-polling GET /events with nothing to deliver answers a heartbeat after this long.
  @IsInt()
  @Min(100)
  @Max(300_000)
  CHAT_EVENTS_HEARTBEAT_MS: number = 50_000;

  // Where the other chat-api replicas reach this one (Kubernetes: the pod's address), to pass it
  // the long polls of the event queues it holds. Default: this host's loopback and the port the
  // process listens on, right for one replica or several on one host.
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  CHAT_REPLICA_URL?: string;

  // An event queue nobody polled for this long is dropped (Zulip: 10 minutes).
  @IsInt()
  @Min(1_000)
  CHAT_EVENT_QUEUE_IDLE_MS: number = 600_000;

  // The scheduled-delivery worker re-reads the queue at least this often (another replica may
  // have scheduled something sooner); it is woken at once for what this replica schedules.
  @IsInt()
  @Min(100)
  CHAT_SCHEDULER_MAX_SLEEP_MS: number = 30_000;

  // How long a worker's claim on a due row lasts; a replica that dies mid-delivery loses it then.
  @IsInt()
  @Min(1_000)
  CHAT_SCHEDULER_LEASE_MS: number = 60_000;

  // Batches of due rows (50 each) one replica sends in parallel.
  @IsInt()
  @Min(1)
  @Max(64)
  CHAT_SCHEDULER_CONCURRENCY: number = 8;

  // Directory of the organization data exports (a persistent volume in Kubernetes: every
  // replica serves the archives another built).
  @IsNotEmpty()
  CHAT_EXPORT_DIR: string = '.data/chat-exports';

  // A replica's claim on the export it builds, renewed as it writes; another replica takes the
  // export up once it lapses.
  @IsInt()
  @Min(1_000)
  CHAT_EXPORT_LEASE_MS: number = 60_000;

  // The export worker looks for other replicas' requests and lapsed claims this often.
  @IsInt()
  @Min(100)
  CHAT_EXPORT_POLL_MS: number = 30_000;

  // Larger realms are refused an export through the API (Zulip's MAX_MESSAGE_HISTORY).
  @IsInt()
  @Min(0)
  CHAT_EXPORT_MAX_MESSAGES: number = 250_000;

  // Directory of the files users upload (a persistent volume in Kubernetes, shared by every
  // replica): the local-disk file store, used unless an object store is configured.
  @IsNotEmpty()
  CHAT_UPLOAD_DIR: string = '.data/chat-uploads';

  // An S3-compatible object store for uploads instead of CHAT_UPLOAD_DIR (Zulip's
  // S3_AUTH_UPLOADS_BUCKET): set, files are objects of this bucket, which must exist and stay
  // private. CHAT_UPLOAD_S3_ENDPOINT names a service other than AWS (MinIO, Ceph, …), usually
  // with CHAT_UPLOAD_S3_PATH_STYLE. Without the key pair the SDK's own chain is used (AWS_*
  // variables, a web identity, the instance role).
  @IsOptional()
  @IsNotEmpty()
  CHAT_UPLOAD_S3_BUCKET?: string;

  @IsNotEmpty()
  CHAT_UPLOAD_S3_REGION: string = 'us-east-1';

  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  CHAT_UPLOAD_S3_ENDPOINT?: string;

  // Read from the raw variable: implicit conversion would turn the string 'false' into true.
  @Transform(({ obj, key }) => (obj as Record<string, unknown>)[key] === 'true')
  @IsBoolean()
  CHAT_UPLOAD_S3_PATH_STYLE: boolean = false;

  @IsOptional()
  @IsNotEmpty()
  CHAT_UPLOAD_S3_ACCESS_KEY_ID?: string;

  @ValidateIf((config: ChatApiConfig) => config.CHAT_UPLOAD_S3_ACCESS_KEY_ID !== undefined)
  @Secret()
  @IsNotEmpty({ message: 'CHAT_UPLOAD_S3_SECRET_ACCESS_KEY is required with CHAT_UPLOAD_S3_ACCESS_KEY_ID' })
  CHAT_UPLOAD_S3_SECRET_ACCESS_KEY?: string;

  // Largest file POST /user_uploads accepts (Zulip's MAX_FILE_UPLOAD_SIZE, in MiB); the request
  // body limit of that route follows it.
  @IsInt()
  @Min(0)
  @Max(1024)
  CHAT_MAX_FILE_UPLOAD_SIZE_MIB: number = 25;

  // Total size of a realm's uploads (Zulip's upload_quota_mib); unset means unlimited.
  @IsOptional()
  @IsInt()
  @Min(0)
  CHAT_UPLOAD_QUOTA_MIB?: number;

  // The address refusals send administrators to (Zulip's ZULIP_ADMINISTRATOR).
  @IsEmail()
  CHAT_SUPPORT_EMAIL: string = 'zulip-admin@example.com';

  // The mobile push notification service (Zulip's bouncer, ZULIP_SERVICES_URL): unset, push
  // registration is refused with PUSH_SERVICE_NOT_CONFIGURED. Set, the server's registration
  // (CHAT_PUSH_SERVER_UUID and CHAT_PUSH_SERVER_KEY, Zulip's ZULIP_ORG_ID and ZULIP_ORG_KEY) is
  // required too.
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  CHAT_PUSH_BOUNCER_URL?: string;

  @ValidateIf((config: ChatApiConfig) => config.CHAT_PUSH_BOUNCER_URL !== undefined)
  @IsUUID(undefined, { message: 'CHAT_PUSH_SERVER_UUID must be a UUID when CHAT_PUSH_BOUNCER_URL is set' })
  CHAT_PUSH_SERVER_UUID?: string;

  @ValidateIf((config: ChatApiConfig) => config.CHAT_PUSH_BOUNCER_URL !== undefined)
  @Secret()
  @IsNotEmpty({ message: 'CHAT_PUSH_SERVER_KEY is required when CHAT_PUSH_BOUNCER_URL is set' })
  CHAT_PUSH_SERVER_KEY?: string;

  // The push worker looks for due calls to the bouncer this often (work this replica queues
  // wakes it at once; this finds the others' and the retries).
  @IsInt()
  @Min(100)
  CHAT_PUSH_POLL_MS: number = 2_000;

  // A replica's claim on a call to the bouncer; another replica retries it once it lapses.
  @IsInt()
  @Min(1_000)
  CHAT_PUSH_LEASE_MS: number = 30_000;
}
