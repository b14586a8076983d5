// Who a move to another channel changes things for (Zulip's do_update_message, is_stream_edited).
export interface FormerSubscriber {
  readonly userId: number;
  readonly guest: boolean;
}

export interface CopyChanges {
  // Their copies of the moved messages go: everyone ever subscribed to the old channel who is not
  // subscribed to the new one.
  readonly losingCopies: readonly number[];
  // Of those, who can no longer read the messages and hears of them as deleted: all of them
  // when the new channel is private, else only guests.
  readonly losingAccess: readonly number[];
  // A new channel with protected history gives each subscriber a (read) copy, or they could not
  // see what was moved in.
  readonly gainingCopies: readonly number[];
}

export function copyChanges(
  oldChannelEver: readonly FormerSubscriber[],
  newChannelSubscriberIds: readonly number[],
  newChannel: { readonly inviteOnly: boolean; readonly historyPublicToSubscribers: boolean },
): CopyChanges {
  const staying = new Set(newChannelSubscriberIds);
  const leaving = oldChannelEver.filter((user) => !staying.has(user.userId));
  return {
    losingCopies: leaving.map((user) => user.userId),
    losingAccess: (newChannel.inviteOnly ? leaving : leaving.filter((user) => user.guest)).map(
      (user) => user.userId,
    ),
    gainingCopies: newChannel.historyPublicToSubscribers ? [] : [...newChannelSubscriberIds],
  };
}
