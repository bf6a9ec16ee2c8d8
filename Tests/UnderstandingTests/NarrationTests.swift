import Testing
import Understanding

/// Telling a request from talk about one: a request after words that lead up to it without a
/// pause, and the lead-ups, and sentences about an app, that make what follows no request.
@Suite struct NarrationTests {
    @Test(arguments: [
        ("okay i finished it mark the nag done", "nagz.CompleteNagIntent"),
        ("where was i um resume the last coding bridge chat", "codingbridge.ResumeSessionIntent"),
        ("long day so remind Sam to feed the cat tonight at 8", "nagz.CreateNagIntent"),
    ])
    func aRequestAfterALeadUpWithoutAPauseIsUnderstood(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test(arguments: [
        "don't remind Sam about the dishes",
        "what if I told Oppi to delete the whole repo",
        "I already asked Oppi to fix the flaky build this morning",
        "he told me to mark the nag done",
        "How does CodingBridge connect to my laptop?",
        "I never log my mood on weekends",
    ])
    func whatALeadUpNegatesSupposesOrReportsIsNoRequest(_ text: String) {
        #expect(understand(text) == nil)
    }

    @Test(arguments: [
        "My sister she use Oppi for the work, she say is very good", "he asks oppi to fix the build every morning",
        "Tom, did you ask Oppi about that flaky test or should I?", "Maybe tomorrow I'll dig through the old chats for that auth fix",
    ])
    func whatSomeoneElseDoesIsNoRequest(_ text: String) {
        #expect(understand(text) == nil)
    }

    /// "Is there", "did I": a question asked of the app named first, not a sentence about it.
    @Test func aQuestionAskedRightAfterTheAppsNameIsARequest() {
        #expect(understand("Nagz is there anything overdue")?.intent.id == "nagz.CheckOverdueIntent")
        #expect(understand("Nagz is the best app I have") == nil)
    }

    @Test func anAppNameThatIsAlsoAPatternWordBeforeAPastTenseTellsOfTheApp() {
        #expect(understand("Claude fixed my whole colour palette last week") == nil)
        #expect(understand("Claude, sort my colour palette out")?.intent.id == "codingbridge.QuickChatIntent")
    }

    @Test func comparingAppsAsksNothingOfThem() {
        #expect(understand("what's the difference between Oppi and CodingBridge?") == nil)
    }

    @Test func aWordAfterADeterminerBeginsNoRequest() {
        #expect(understand("honestly i hate my current mood") == nil)
    }

    @Test func aQuestionAfterAStatementEndsTheStatement() {
        #expect(understand("how have my moods been lately can you analyze them")?.intent.id == "moodboard.AnalyzeMoodIntent")
    }

    @Test(arguments: ["Oppi crashed on me twice today", "oppi is down again", "oppi keeps timing out", "Oppi was great today"])
    func aSentenceAboutAnAppIsNotAddressedToIt(_ text: String) {
        #expect(understand(text) == nil)
    }

    @Test(arguments: ["Oppi, is the build green on main", "oppi speed up the test suite", "oppi fix the login bug"])
    func anAppAddressedStillHearsItsPrompt(_ text: String) {
        #expect(understand(text)?.intent.id == "oppi.AskPiIntent")
    }

    @Test func interruptingOneselfBeforeTheRequestIsLeftOut() {
        #expect(understand("wait — what's overdue?")?.intent.id == "nagz.CheckOverdueIntent")
        #expect(understand("hold on, remind Sam to feed the cat at 6pm")?.intent.id == "nagz.CreateNagIntent")
    }

    @Test func aClauseAskingForAnotherIntentOnMoreEvidenceBeatsAWeakWhole() {
        #expect(understand("hang on — first, save idea to CodingBridge")?.intent.id == "codingbridge.CaptureIdeaIntent")
    }

    @Test func aLeadUpNeverEndsInOneOfTheCatalogsWords() {
        let match = understand("Any meds nags left for today?")
        #expect(match?.intent.id == "nagz.ListNagsIntent")
        #expect(match?.slots["recipient"] == nil)
    }

    /// "Is" after its subject tells how something is; a yes-no question starts a clause.
    @Test func aVerbAfterItsSubjectStartsNoQuestion() {
        #expect(understand("Pay the parking fee for me, the crew bus is late again.") == nil)
        #expect(understand("hmm, is anything overdue")?.intent.id == "nagz.CheckOverdueIntent")
    }

    /// "so" and a request after what was told, however long; and a question asked anew with "is
    /// there", past a negation told before it.
    @Test(arguments: [
        ("right so the young lad ciaran has the dentist thursday at 4 and he'll never remember so put in an appointments nag for ciaran there nagz",
         "nagz.CreateNagIntent"),
        ("i aint checked the fence is there anything past due on nagz", "nagz.CheckOverdueIntent"),
    ])
    func soOrIsThereBeginsARequestAfterWhatWasTold(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// A clause that names no app is not read as another app's request than the one addressed first.
    @Test func aClauseIsNotReadAsAnotherAppsRequestThanTheOneAddressed() {
        let text = "MoodBoard, since the season kicked off in November, how've my moods been, eh? The missus reckons I've been a grumpy bugger."
        #expect(understand(text)?.intent.id == "moodboard.AnalyzeMoodIntent")
    }

    /// The app's name after a determiner names its things ("the CodingBridge release notes"): no chat with it.
    @Test func anAppsThingsAreNotTheAppAddressed() {
        #expect(understand("Honestly the CodingBridge release notes are so vague I can't tell whether the git integration supports monorepos.") == nil)
    }

    /// The speaker saying they will ask an app themselves tells a plan.
    @Test(arguments: [
        "Kabir, kal I'll ask CodingBridge about your bug, abhi I'm dead tired yaar.",
        "Mathis, after supper tonight I'll ask Nagz to remind you about the essay, okay, now get your skates on.",
    ])
    func aPlanToAskAnAppIsNoRequest(_ text: String) {
        #expect(understand(text) == nil)
    }

    /// A name first with its verb and no pause tells what that person did.
    @Test func aNameFirstWithItsVerbIsTold() {
        #expect(understand("Dan set up a nag for the bins last week and honestly it's the only reason they went out at all") == nil)
    }
}
