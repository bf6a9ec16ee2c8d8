import Foundation
import Understanding

/// The intents that change something in Nagz: create, complete, snooze.
/// Each sends the turn id as `Idempotency-Key`.
extension NagzConnector {
    func createNag(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> ToolOutcome {
        let call = api.call
        guard let mention = invocation.mention("recipient") else { return ask("recipient", invocation, call: call) }
        guard let category = category(from: invocation.mention("category"), app: invocation.app) else {
            return ask("category", invocation, call: call)
        }
        guard let dueAt = invocation.date("dueAt") else { return ask("dueAt", invocation, call: call) }

        let family = try await resolveFamily(api)
        let members = try await api.members(familyID: family)
        try authorize(invocation, members: members, call: call)

        let recipient: NagzMember
        switch MentionResolver.resolve(mention, among: members, names: { [$0.displayName] }) {
        case .resolved(let member):
            recipient = member
        case .ambiguous(let matches):
            let question = "Which \(Self.asSpoken(mention)): \(matches.map(\.displayName).spokenChoice())?"
            return .needsValue("recipient", question: question, call: call)
        case .notFound:
            call.record("no family member matches the recipient")
            return ToolOutcome(status: .failed, replyText: "I couldn't find \(Self.asSpoken(mention)) in your family.",
                               error: ConnectorFailure.Code.notFound.rawValue, trace: call.trace)
        }

        let request = NagCreateRequest(familyId: family, recipientId: recipient.userId, dueAt: dueAt, category: category,
                                       description: invocation.mention("description"))
        try await api.createNag(request, idempotencyKey: invocation.turnID)
        return .completed(invocation, dialog: ["success"], values: ["recipient": recipient.displayName, "category": category], call: call)
    }

    func completeNag(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> ToolOutcome {
        let nag: NagzNag
        switch try await selectNag(invocation, api: api) {
        case .chosen(let chosen): nag = chosen
        case .answer(let outcome): return outcome
        }
        let status = NagStatusRequest(status: "completed", note: invocation.mention("note"))
        try await api.setStatus(nagID: nag.id, status, idempotencyKey: invocation.turnID)
        return .completed(invocation, dialog: ["success"], values: ["category": nag.category], call: api.call)
    }

    func snoozeNag(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> ToolOutcome {
        guard let minutes = snoozeMinutes(invocation) else { return ask("minutes", invocation, call: api.call) }
        let nag: NagzNag
        switch try await selectNag(invocation, api: api) {
        case .chosen(let chosen): nag = chosen
        case .answer(let outcome): return outcome
        }
        let newDue = nag.dueAt.addingTimeInterval(TimeInterval(minutes * 60))
        try await api.reschedule(nagID: nag.id, NagRescheduleRequest(dueAt: newDue), idempotencyKey: invocation.turnID)
        return .completed(invocation, dialog: ["success"],
                          values: ["minutes": String(minutes), "newDue": Self.spokenDueTime(newDue, context: invocation.context)],
                          call: api.call)
    }

    private enum NagChoice {
        case chosen(NagzNag)
        /// The user has to say which, or there is nothing to act on.
        case answer(ToolOutcome)
    }

    /// The open nag the `nag` slot names; the only open nag when none is named.
    private func selectNag(_ invocation: ToolInvocation, api: NagzAPI) async throws(ConnectorFailure) -> NagChoice {
        let family = try await resolveFamily(api)
        let nags = try await api.openNags(familyID: family)
        let mention = invocation.mention("nag")
        // Names are needed to match "Emma's chores" and to tell two nags apart aloud.
        let needsNames = nags.count > 1 && (mention != nil || nags.contains { $0.recipientName == nil })
        var members: [NagzMember] = []
        if needsNames {
            members = try await api.members(familyID: family)
        }
        let selection = NagSelection(nags: nags, members: members, categories: invocation.app.enumeration(named: NagSelection.categoryEnum))
        switch selection.select(mention) {
        case .resolved(let nag):
            return .chosen(nag)
        case .ambiguous(let candidates):
            return .answer(.needsValue("nag", question: selection.question(choosingAmong: candidates, context: invocation.context), call: api.call))
        case .notFound:
            throw ConnectorFailure(.notFound, detail: nags.isEmpty ? "no open nags" : "no open nag matches the mention")
        }
    }

    /// The minutes said, else the parameter's default (15); `nil` for a non-positive or week-long snooze.
    private func snoozeMinutes(_ invocation: ToolInvocation) -> Int? {
        let minutes: Int?
        switch invocation.slots["minutes"] {
        case .minutes(let value)?, .integer(let value)?: minutes = value
        case nil: minutes = invocation.intent.parameter(named: "minutes")?.defaultValue.flatMap { Int($0) } ?? 15
        default: minutes = nil
        }
        guard let minutes, (1...(7 * 24 * 60)).contains(minutes) else { return nil }
        return minutes
    }

    /// "6:30 PM" on the current day; "tomorrow at 6:30 PM" or the weekday otherwise.
    static func spokenDueTime(_ date: Date, context: MatchContext) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        guard calendar.isDate(date, inSameDayAs: context.now) else { return SlotValue.date(date).spoken(in: context) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = context.timeZone
        formatter.dateFormat = "h:mm a"
        return formatter.string(from: date)
    }

    /// A mention as it reads in a reply: "emma" → "Emma", "McKenzie" unchanged.
    static func asSpoken(_ mention: String) -> String {
        mention == mention.lowercased() ? mention.capitalized : mention
    }
}
