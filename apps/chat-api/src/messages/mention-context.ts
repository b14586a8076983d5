import { Injectable } from '@nestjs/common';
import { type MentionDirectory, referencedGroupNames } from '../markdown/mention-directory.js';
import { MentionLookupQuery } from '../markdown/mention-lookup.query.js';
import { GroupMentions } from '../user-groups/group-mentions.js';

// What a message's Markdown may refer to in its realm: users and channels (looked up by the
// renderer's query) and the user groups it names (asked of the groups feature, which sits
// above the renderer).
@Injectable()
export class MentionContext {
  constructor(
    private readonly mentions: MentionLookupQuery,
    private readonly groups: GroupMentions,
  ) {}

  async directoryFor(realmId: number, content: string): Promise<MentionDirectory> {
    const names = referencedGroupNames(content);
    const [directory, groupsByName] = await Promise.all([
      this.mentions.directoryFor(realmId, content),
      names.length === 0 ? Promise.resolve(new Map()) : this.groups.byName(realmId, names),
    ]);
    return { ...directory, groupsByName };
  }
}
