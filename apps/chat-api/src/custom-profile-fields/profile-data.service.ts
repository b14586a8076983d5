import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatEventV1, ChatTopics } from '@shared/contracts';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { type ChatTransaction, publishChatEvents } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import { MessageRenderer } from '../markdown/message-renderer.js';
import type { CustomProfileFieldEntity } from './custom-profile-field.entity.js';
import { type ProfileValue, profileValue } from './custom-profile-field.presenter.js';
import { CustomProfileFieldsRepository, type ValueWrite } from './custom-profile-fields.repository.js';
import { checkFieldValue, checkPickedUsers } from './field-value.rules.js';
import { isRenderable, ProfileFieldType } from './profile-field-types.js';
import { RealmPeopleQuery } from './realm-people.query.js';

// One entry of a `profile_data`/`data` list: a field id and the value to give it (null, '' or
// [] clears it where clearing is allowed).
export interface ProfileDataEntry {
  readonly id: number;
  readonly value: string | readonly number[] | null;
}

// A user's `profile_data` in user rows: field id (as text) → value.
export type ProfileDataRow = Record<string, ProfileValue>;

interface Change {
  readonly fieldId: number;
  readonly value: string | null;
  readonly renderedValue: string | null;
}

// Users' values of the realm's custom profile fields: read in bulk for user rows, set and
// cleared by the user (PATCH/DELETE /users/me/profile_data) or by an administrator (PATCH
// /users/{id}), each change announced as a `realm_user` update.
@Injectable()
export class ProfileData {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly fields: CustomProfileFieldsRepository,
    private readonly people: RealmPeopleQuery,
    private readonly renderer: MessageRenderer,
  ) {}

  // Every given user's profile_data (users without values get none), in one query.
  async valuesFor(realmId: number, userIds: readonly number[]): Promise<Map<number, ProfileDataRow>> {
    const byUser = new Map<number, ProfileDataRow>();
    for (const stored of await this.fields.valuesOf(realmId, userIds)) {
      const row = byUser.get(stored.userId) ?? {};
      row[String(stored.fieldId)] = profileValue(stored);
      byUser.set(stored.userId, row);
    }
    return byUser;
  }

  async updateOwn(caller: ChatCaller, entries: readonly ProfileDataEntry[]): Promise<Record<string, never>> {
    requireHuman(caller);
    await this.outbox.run((tx) => this.store(tx, caller.user, caller.user, entries));
    return {};
  }

  async removeOwn(caller: ChatCaller, fieldIds: readonly number[]): Promise<Record<string, never>> {
    requireHuman(caller);
    await this.outbox.run((tx) => this.remove(tx, caller.user, caller.user, fieldIds));
    return {};
  }

  // PATCH /users/{id} `profile_data`, inside the caller's transaction: empty values clear
  // their field first, then the others are checked and stored (Zulip's update_user_backend).
  async apply(
    tx: ChatTransaction,
    actor: UserEntity,
    target: UserEntity,
    entries: readonly ProfileDataEntry[],
  ): Promise<void> {
    const empty = (entry: ProfileDataEntry) => entry.value === null || entry.value.length === 0;
    await this.remove(
      tx,
      actor,
      target,
      entries.filter(empty).map((entry) => entry.id),
    );
    await this.store(
      tx,
      actor,
      target,
      entries.filter((entry) => !empty(entry)),
    );
  }

  // Zulip's validate_user_custom_profile_data then do_update_user_custom_profile_data_if_changed:
  // each entry in turn is checked (field of the realm, editable by the actor, a valid value),
  // then the values that differ are written at once and each change announced.
  private async store(
    tx: ChatTransaction,
    actor: UserEntity,
    target: UserEntity,
    entries: readonly ProfileDataEntry[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const realmId = target.realmId;
    const fields = await this.fieldsOf(tx, realmId, entries);
    const picked = await this.people.people(
      tx,
      realmId,
      entries.flatMap((entry) => (Array.isArray(entry.value) ? entry.value : [])),
    );
    const values = entries.map((entry) => {
      const field = editable(fields, actor, entry.id);
      const value = checkFieldValue(field, entry.value);
      if (field.fieldType === ProfileFieldType.USER) {
        const ids = entry.value as readonly number[];
        checkPickedUsers(
          ids,
          picked.filter((user) => ids.includes(user.id)),
        );
      }
      return { field, value };
    });
    const current = new Map(
      (await this.fields.valuesOf(realmId, [target.id], tx)).map((stored) => [stored.fieldId, stored.value]),
    );
    const changes: Change[] = [];
    const writes = new Map<number, ValueWrite>();
    for (const { field, value } of values) {
      if (current.get(field.id) === value) continue;
      current.set(field.id, value);
      const renderedValue = isRenderable(field.fieldType) ? this.renderer.render(value) : null;
      writes.set(field.id, { fieldId: field.id, value, renderedValue });
      changes.push({ fieldId: field.id, value, renderedValue });
    }
    await this.fields.upsertValues(tx, realmId, target.id, [...writes.values()]);
    await this.announce(tx, target, changes);
  }

  // Zulip's check_remove_custom_profile_field_value for each id in turn: a field of the realm
  // the actor may edit; clearing a field without a value is no change.
  private async remove(
    tx: ChatTransaction,
    actor: UserEntity,
    target: UserEntity,
    fieldIds: readonly number[],
  ): Promise<void> {
    if (fieldIds.length === 0) return;
    const fields = await this.fieldsOf(
      tx,
      target.realmId,
      fieldIds.map((id) => ({ id, value: null })),
    );
    for (const id of fieldIds) editable(fields, actor, id);
    const removed = await this.fields.deleteValues(tx, target.id, fieldIds);
    // Each field once, in the order first asked: a repeated id finds nothing left to clear.
    const changes = [...new Set(fieldIds)]
      .filter((id) => removed.has(id))
      .map((fieldId) => ({ fieldId, value: null, renderedValue: null }));
    await this.announce(tx, target, changes);
  }

  // The entries' fields of the realm, in one query; each entry is then checked in turn.
  private async fieldsOf(
    tx: ChatTransaction,
    realmId: number,
    entries: readonly ProfileDataEntry[],
  ): Promise<Map<number, CustomProfileFieldEntity>> {
    const found = await this.fields.findMany(
      tx,
      realmId,
      entries.map((entry) => entry.id),
    );
    return new Map(found.map((field) => [field.id, field]));
  }

  // Zulip's notify_user_update_custom_profile_data: `rendered_value` only when there is one.
  private async announce(tx: ChatTransaction, target: UserEntity, changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return;
    const userIds = await this.people.activeUserIds(tx, target.realmId);
    const events: ChatEventV1[] = changes.map((change) => ({
      realmId: target.realmId,
      userIds,
      event: {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: target.id,
          custom_profile_field: {
            id: change.fieldId,
            value: change.value,
            ...(change.renderedValue ? { rendered_value: change.renderedValue } : {}),
          },
        },
      },
    }));
    await publishChatEvents(tx, events);
  }
}

// A field of the realm the actor may change: administrators any, others the editable ones.
function editable(
  fields: ReadonlyMap<number, CustomProfileFieldEntity>,
  actor: UserEntity,
  id: number,
): CustomProfileFieldEntity {
  const field = fields.get(id);
  if (!field) throw ChatError.badRequest(`Field id ${id} not found.`);
  if (!isAdministrator(actor) && !field.editableByUser)
    throw ChatError.badRequest(
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
  return field;
}

// Zulip's human_users_only.
function requireHuman(caller: ChatCaller): void {
  if (caller.user.botType !== null) throw ChatError.badRequest('This endpoint does not accept bot requests.');
}
