import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import type { CustomProfileFieldEntity } from './custom-profile-field.entity.js';
import { fieldRow } from './custom-profile-field.presenter.js';
import { CustomProfileFieldsRepository } from './custom-profile-fields.repository.js';
import {
  carriesFieldData,
  checkFieldDefinition,
  defaultExternalAccount,
  type FieldData,
  isDefaultExternalField,
  MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS,
  storedFieldData,
} from './field-definition.rules.js';
import { ProfileFieldType } from './profile-field-types.js';
import { RealmPeopleQuery } from './realm-people.query.js';

export interface NewFieldCommand {
  readonly name: string;
  readonly hint: string;
  readonly fieldType: number;
  readonly fieldData: FieldData;
  readonly displayInProfileSummary: boolean;
  readonly required: boolean;
  readonly editableByUser: boolean;
}

export type FieldChanges = {
  readonly [K in keyof Omit<NewFieldCommand, 'fieldType'>]: NewFieldCommand[K] | undefined;
};

// The organization's custom profile fields (administrators): create, edit, delete, reorder,
// each change announced to the realm's active accounts with the whole list of fields.
@Injectable()
export class CustomProfileFieldsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly fields: CustomProfileFieldsRepository,
    private readonly people: RealmPeopleQuery,
  ) {}

  async list(caller: ChatCaller) {
    return (await this.fields.list(caller.realm.id)).map(fieldRow);
  }

  create(caller: ChatCaller, command: NewFieldCommand): Promise<{ id: number }> {
    return this.outbox.run(async (tx) => {
      const realmId = caller.realm.id;
      if (command.displayInProfileSummary) await this.checkSummaryRoom(tx, realmId);
      checkFieldDefinition(command);
      const label = isDefaultExternalField(command.fieldType, command.fieldData)
        ? defaultExternalAccount(command.fieldData)
        : { name: command.name, hint: command.hint };
      await this.checkLabelFree(tx, realmId, label.name);
      const field = await this.fields.insert(tx, {
        realmId,
        ...label,
        fieldType: command.fieldType,
        fieldData: storedFieldData(command.fieldType, command.fieldData),
        displayInProfileSummary: command.displayInProfileSummary,
        required: command.required,
        editableByUser: command.editableByUser,
      });
      await this.announce(tx, realmId);
      return { id: field.id };
    });
  }

  async edit(caller: ChatCaller, id: number, changes: FieldChanges): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const realmId = caller.realm.id;
      const field = await this.existing(tx, realmId, id);
      if (changes.displayInProfileSummary) await this.checkSummaryRoom(tx, realmId, field.id);
      const storedData = field.fieldData ? (JSON.parse(field.fieldData) as FieldData) : {};
      if (
        isDefaultExternalField(field.fieldType, storedData) &&
        !onlySummaryChanges(field, storedData, changes)
      )
        throw ChatError.badRequest('Default custom field cannot be updated.');
      checkFieldDefinition({
        name: changes.name ?? field.name,
        hint: changes.hint ?? field.hint,
        fieldType: field.fieldType,
        fieldData: changes.fieldData ?? storedData,
        displayInProfileSummary: changes.displayInProfileSummary ?? field.displayInProfileSummary,
      });
      if (changes.name !== undefined) await this.checkLabelFree(tx, realmId, changes.name, field.id);
      await this.apply(tx, field, storedData, changes);
      await this.announce(tx, realmId);
    });
    return {};
  }

  async delete(caller: ChatCaller, id: number): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const field = await this.existing(tx, caller.realm.id, id);
      await this.fields.delete(tx, field);
      await this.announce(tx, caller.realm.id);
    });
    return {};
  }

  // Each field takes the position of its id in `order`; every field of the realm must be there.
  async reorder(caller: ChatCaller, order: readonly number[]): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const realmId = caller.realm.id;
      const positions = new Map(order.map((fieldId, index) => [fieldId, index]));
      const all = await this.fields.list(realmId, tx);
      if (all.some((field) => !positions.has(field.id))) throw ChatError.badRequest('Invalid order mapping.');
      const mine = new Map(all.map((field) => [field.id, positions.get(field.id)!]));
      await this.fields.reorder(tx, realmId, mine);
      await this.announce(tx, realmId);
    });
    return {};
  }

  private async existing(unit: UnitOfWork, realmId: number, id: number): Promise<CustomProfileFieldEntity> {
    const field = await this.fields.find(unit, realmId, id);
    if (!field) throw ChatError.badRequest(`Field id ${id} not found.`);
    return field;
  }

  private async checkSummaryRoom(unit: UnitOfWork, realmId: number, exceptId?: number): Promise<void> {
    if ((await this.fields.countInSummary(unit, realmId, exceptId)) >= MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS)
      throw ChatError.badRequest(
        `Only ${MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`,
      );
  }

  // Zulip relies on the (realm, name) unique constraint; checked first here, so the refusal is
  // Zulip's rather than a constraint error.
  private async checkLabelFree(unit: UnitOfWork, realmId: number, name: string, exceptId?: number) {
    if (await this.fields.nameTaken(unit, realmId, name, exceptId))
      throw ChatError.badRequest('A field with that label already exists.');
  }

  // Zulip's try_update_realm_custom_profile_field: a list-of-options field loses the values
  // whose choice went away; field_data is kept only by the types that have one.
  private async apply(
    unit: UnitOfWork,
    field: CustomProfileFieldEntity,
    storedData: FieldData,
    changes: FieldChanges,
  ): Promise<void> {
    field.name = changes.name ?? field.name;
    field.hint = changes.hint ?? field.hint;
    field.required = changes.required ?? field.required;
    field.editableByUser = changes.editableByUser ?? field.editableByUser;
    field.displayInProfileSummary = changes.displayInProfileSummary ?? field.displayInProfileSummary;
    if (carriesFieldData(field.fieldType)) {
      if (changes.fieldData !== undefined && field.fieldType === ProfileFieldType.SELECT) {
        const gone = Object.keys(storedData).filter((key) => !Object.hasOwn(changes.fieldData!, key));
        await this.fields.deleteChosen(unit, field.id, gone);
      }
      if (changes.fieldData !== undefined || field.fieldData === '')
        field.fieldData = JSON.stringify(changes.fieldData ?? {});
    }
    await this.fields.update(unit, field);
  }

  private async announce(tx: ChatTransaction, realmId: number): Promise<void> {
    const fields = await this.fields.list(realmId, tx);
    await publishChatEvent(tx, {
      realmId,
      userIds: await this.people.activeUserIds(tx, realmId),
      event: { type: 'custom_profile_fields', fields: fields.map(fieldRow) },
    });
  }
}

// A built-in external account field may only move in or out of the profile summary: sending
// its current label, hint or data again is allowed.
function onlySummaryChanges(
  field: CustomProfileFieldEntity,
  storedData: FieldData,
  changes: FieldChanges,
): boolean {
  return (
    (changes.name === undefined || changes.name === field.name) &&
    (changes.hint === undefined || changes.hint === field.hint) &&
    (changes.fieldData === undefined || sameJson(changes.fieldData, storedData))
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as never)[key], (b as never)[key]))
  );
}
