import Testing
import Understanding

/// New phrasings, none of them in the dev set or the seeds, at least four per
/// intent: the matcher must generalise (synonyms, optional words, word order,
/// the app's name optional), with the slots they give.
@Suite struct ParaphraseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var intent: String
        var slots: [String: String] = [:]

        init(_ text: String, _ intent: String, _ slots: [String: String] = [:]) {
            self.text = text
            self.intent = intent
            self.slots = slots
        }

        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case("ask pi to summarize the server logs", "oppi.AskPiIntent", ["prompt": "summarize the server logs"]),
        Case("tell oppi to run the migrations with low thinking", "oppi.AskPiIntent",
             ["prompt": "run the migrations", "thinking": "low"]),
        Case("have oppi check the build using the opus model", "oppi.AskPiIntent",
             ["prompt": "check the build", "model": "opus"]),
        Case("Oppi, bump the version number", "oppi.AskPiIntent", ["prompt": "bump the version number"]),
        Case("get oppi to write release notes with maximum reasoning", "oppi.AskPiIntent",
             ["prompt": "write release notes", "thinking": "high"]),
        Case("can you have oppi look at the flaky test", "oppi.AskPiIntent", ["prompt": "look at the flaky test"]),
        Case("use oppi to write a migration", "oppi.AskPiIntent", ["prompt": "write a migration"]),
        Case("ask oppy to refactor the parser with thinking off", "oppi.AskPiIntent",
             ["prompt": "refactor the parser", "thinking": "off"]),
        Case("ask oppi in the infra workspace to rotate the keys", "oppi.AskPiIntent",
             ["prompt": "rotate the keys", "workspace": "infra"]),

        Case("start a new oppi session", "oppi.OpenNewSessionIntent"),
        Case("open a new session", "oppi.OpenNewSessionIntent"),
        Case("launch oppi", "oppi.OpenNewSessionIntent"),
        Case("oppi, open a new session in the api workspace", "oppi.OpenNewSessionIntent", ["workspace": "api"]),
        Case("new session in the backend workspace", "oppi.OpenNewSessionIntent", ["workspace": "backend"]),
        Case("hey oppi start a new session", "oppi.OpenNewSessionIntent"),

        Case("remind Sam to take his pills at 8 tonight", "nagz.CreateNagIntent",
             ["recipient": "Sam", "category": "meds", "description": "take his pills"]),
        Case("set up a meds reminder for Jake", "nagz.CreateNagIntent", ["recipient": "Jake", "category": "meds"]),
        Case("hey jiri can you remind Emma about the dentist appointment on Friday", "nagz.CreateNagIntent",
             ["recipient": "Emma", "category": "appointments"]),
        Case("nag Sam to clean his room by 7", "nagz.CreateNagIntent",
             ["recipient": "Sam", "description": "clean his room"]),
        Case("make a homework nag for Lily due Monday", "nagz.CreateNagIntent",
             ["recipient": "Lily", "category": "homework"]),
        Case("remind me to call grandma tomorrow at 5pm", "nagz.CreateNagIntent", ["recipient": "me"]),
        Case("schedule a dentist appointment nag for Lily next Tuesday at 3", "nagz.CreateNagIntent",
             ["recipient": "Lily", "category": "appointments"]),
        Case("add a task for Sam to mow the lawn", "nagz.CreateNagIntent", ["recipient": "Sam", "description": "mow the lawn"]),

        Case("I finished my homework nag", "nagz.CompleteNagIntent", ["nag": "homework"]),
        Case("mark the chores nag as complete", "nagz.CompleteNagIntent", ["nag": "chores"]),
        Case("check off my nag", "nagz.CompleteNagIntent"),
        Case("I'm done", "nagz.CompleteNagIntent"),
        Case("that's done", "nagz.CompleteNagIntent"),

        Case("what nags do I have", "nagz.ListNagsIntent"),
        Case("do I have any chores nags", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("read me my reminders", "nagz.ListNagsIntent"),
        Case("list my medication nags", "nagz.ListNagsIntent", ["category": "meds"]),
        Case("show me all of my nags", "nagz.ListNagsIntent"),
        Case("what do I have due today", "nagz.ListNagsIntent"),

        Case("anything overdue?", "nagz.CheckOverdueIntent"),
        Case("which nags are late", "nagz.CheckOverdueIntent"),
        Case("do I have anything past due", "nagz.CheckOverdueIntent"),
        Case("am I behind on anything", "nagz.CheckOverdueIntent"),
        Case("show me my overdue nags", "nagz.CheckOverdueIntent"),
        Case("is there anything I missed", "nagz.CheckOverdueIntent"),
        Case("let me see what's overdue", "nagz.CheckOverdueIntent"),

        Case("delay my nag by an hour", "nagz.SnoozeNagIntent", ["minutes": "60"]),
        Case("snooze it for half an hour", "nagz.SnoozeNagIntent", ["minutes": "30"]),
        Case("remind me again in 10 minutes", "nagz.SnoozeNagIntent", ["minutes": "10"]),
        Case("postpone the chores nag by twenty five minutes", "nagz.SnoozeNagIntent",
             ["nag": "chores", "minutes": "25"]),
        Case("push it back an hour and a half", "nagz.SnoozeNagIntent", ["minutes": "90"]),
        Case("push the chores nag to later", "nagz.SnoozeNagIntent", ["nag": "chores"]),

        Case("how are the kids doing this week", "nagz.FamilyStatusIntent"),
        Case("give me the family report", "nagz.FamilyStatusIntent"),
        Case("weekly report", "nagz.FamilyStatusIntent"),
        Case("how is everyone doing on their nags", "nagz.FamilyStatusIntent"),
        Case("family status please", "nagz.FamilyStatusIntent"),
        Case("I want to know how the family is doing", "nagz.FamilyStatusIntent"),

        Case("log a sad mood", "moodboard.AddMoodIntent", ["title": "sad", "category": "sad"]),
        Case("I'm feeling great today", "moodboard.AddMoodIntent", ["title": "great", "category": "happy"]),
        Case("record my mood as anxious", "moodboard.AddMoodIntent", ["title": "anxious"]),
        Case("track a new mood", "moodboard.AddMoodIntent"),
        Case("set my mood to energetic", "moodboard.AddMoodIntent", ["category": "energetic"]),
        Case("add a happy mood in mood bored", "moodboard.AddMoodIntent", ["category": "happy"]),

        Case("how have I been feeling lately", "moodboard.AnalyzeMoodIntent"),
        Case("mood trends", "moodboard.AnalyzeMoodIntent"),
        Case("analyse my mood history", "moodboard.AnalyzeMoodIntent"),
        Case("give me a mood report", "moodboard.AnalyzeMoodIntent"),
        Case("what are my mood patterns", "moodboard.AnalyzeMoodIntent"),
        Case("how's my mood been this week", "moodboard.AnalyzeMoodIntent"),

        Case("how am I feeling", "moodboard.GetCurrentMoodIntent"),
        Case("what was my last mood", "moodboard.GetCurrentMoodIntent"),
        Case("tell me my current mood", "moodboard.GetCurrentMoodIntent"),
        Case("what mood am I in", "moodboard.GetCurrentMoodIntent"),

        Case("talk to codingbridge about the failing tests", "codingbridge.QuickChatIntent",
             ["message": "failing tests"]),
        Case("open a chat in coding bridge", "codingbridge.QuickChatIntent"),
        Case("ask codingbridge why the build is slow", "codingbridge.QuickChatIntent",
             ["message": "why the build is slow"]),
        Case("start a quick codingbridge chat", "codingbridge.QuickChatIntent"),

        Case("let's work on the mobile app project", "codingbridge.OpenProjectIntent", ["project": "mobile app"]),
        Case("switch to the backend project", "codingbridge.OpenProjectIntent", ["project": "backend"]),
        Case("pull up the jiri-server project", "codingbridge.OpenProjectIntent", ["project": "jiri-server"]),
        Case("go to the website project in codingbridge", "codingbridge.OpenProjectIntent", ["project": "website"]),
        Case("open codingbridge", "codingbridge.OpenProjectIntent"),

        Case("continue my last session", "codingbridge.ResumeSessionIntent"),
        Case("resume where I left off", "codingbridge.ResumeSessionIntent"),
        Case("go back to my previous chat", "codingbridge.ResumeSessionIntent"),
        Case("where was I", "codingbridge.ResumeSessionIntent"),
        Case("carry on from where we stopped", "codingbridge.ResumeSessionIntent"),
        Case("open my last chat", "codingbridge.ResumeSessionIntent"),

        Case("run the tests command", "codingbridge.RunCommandIntent", ["command": "tests"]),
        Case("execute lint command in the website project", "codingbridge.RunCommandIntent",
             ["command": "lint", "project": "website"]),
        Case("kick off deploy in codingbridge", "codingbridge.RunCommandIntent", ["command": "deploy"]),
        Case("run the build script", "codingbridge.RunCommandIntent", ["command": "build"]),
        Case("trigger the migrate command for the api project", "codingbridge.RunCommandIntent",
             ["command": "migrate", "project": "api"]),

        Case("show me the git status", "codingbridge.GitStatusIntent"),
        Case("git status", "codingbridge.GitStatusIntent"),
        Case("any uncommitted changes", "codingbridge.GitStatusIntent"),
        Case("what did I change", "codingbridge.GitStatusIntent"),
        Case("what's the status of the repo", "codingbridge.GitStatusIntent"),
        Case("show me what changed", "codingbridge.GitStatusIntent"),

        Case("search my chats for auth token refresh", "codingbridge.SearchSessionsIntent",
             ["query": "auth token refresh"]),
        Case("look for the redis bug in my sessions", "codingbridge.SearchSessionsIntent", ["query": "redis bug"]),
        Case("where did we talk about rate limiting", "codingbridge.SearchSessionsIntent",
             ["query": "rate limiting"]),
        Case("find conversations about the payment webhook", "codingbridge.SearchSessionsIntent",
             ["query": "payment webhook"]),
        Case("search coding bridge about flaky tests", "codingbridge.SearchSessionsIntent",
             ["query": "flaky tests"]),
        Case("search for auth bug in my codingbridge chats", "codingbridge.SearchSessionsIntent", ["query": "auth bug"]),

        Case("save an idea to add dark mode", "codingbridge.CaptureIdeaIntent", ["idea": "add dark mode"]),
        Case("new feature idea: offline sync for drafts", "codingbridge.CaptureIdeaIntent",
             ["idea": "offline sync for drafts"]),
        Case("I have an app idea", "codingbridge.CaptureIdeaIntent"),
        Case("jot down a coding idea", "codingbridge.CaptureIdeaIntent"),
        Case("save this idea: use sqlite for the cache", "codingbridge.CaptureIdeaIntent",
             ["idea": "use sqlite for the cache"]),
        Case("note this for codingbridge use a trie for the matcher", "codingbridge.CaptureIdeaIntent",
             ["idea": "use a trie for the matcher"]),

        // Session 25: put off until something is over, again by another few minutes, today's
        // nag, the last few moods, a feeling said then logged, nags someone has.
        Case("snooze the homework nag until after dinner", "nagz.SnoozeNagIntent", ["nag": "homework"]),
        Case("push my meds nag to after lunch", "nagz.SnoozeNagIntent", ["nag": "meds"]),
        Case("snooze it again, another 10", "nagz.SnoozeNagIntent", ["minutes": "10"]),
        Case("mark today's nag as done", "nagz.CompleteNagIntent"),
        Case("show me my last three moods", "moodboard.AnalyzeMoodIntent"),
        Case("i'm over the moon, log it", "moodboard.AddMoodIntent", ["title": "over the moon"]),
        Case("which emoji is my mood showing", "moodboard.GetCurrentMoodIntent"),
        Case("remind me which mood i picked today", "moodboard.GetCurrentMoodIntent"),
        Case("could you show me which homework nags the twins have", "nagz.ListNagsIntent", ["category": "homework"]),
        Case("give me the list of chores nags i still have", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("go back to that coding bridge chat i had before lunch", "codingbridge.ResumeSessionIntent"),
        Case("can you pop open oppy", "oppi.OpenNewSessionIntent"),
        Case("open my alarm-clock side project over in CodingBridge", "codingbridge.OpenProjectIntent"),
        Case("kick off a fresh Oppi session against the terraform-infra workspace", "oppi.OpenNewSessionIntent",
             ["workspace": "terraform-infra"]),
        Case("MoodBoard, what am I currently feeling according to my log", "moodboard.GetCurrentMoodIntent"),
        Case("read me the family's completion numbers from Nagz", "nagz.FamilyStatusIntent"),
        Case("put my homework nags on the screen", "nagz.ListNagsIntent", ["category": "homework"]),
        Case("let me look at my current mood in MoodBoard", "moodboard.GetCurrentMoodIntent"),
        // Round 53: children, busy parents, grandparents, learners of English.
        Case("ok I fed Biscuit, tick off that nag pls", "nagz.CompleteNagIntent"),
        Case("show me what chores I still got", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("what homework stuff is left for me", "nagz.ListNagsIntent", ["category": "homework"]),
        Case("what'd I put as my mood", "moodboard.GetCurrentMoodIntent"),
        Case("snooze for me the nag one hour, I am in the bus", "nagz.SnoozeNagIntent", ["minutes": "60"]),
        Case("could you be a dear and hold off that Nagz reminder for a further twenty minutes or so", "nagz.SnoozeNagIntent",
             ["minutes": "20"]),
        Case("how good is my family making the nags this week, Nagz?", "nagz.FamilyStatusIntent"),
        Case("MoodBoard, please make analyse of my moods of last month", "moodboard.AnalyzeMoodIntent"),
        Case("CodingBridge, please search in my chats for NullPointerException", "codingbridge.SearchSessionsIntent",
             ["query": "NullPointerException"]),
        Case("open for me the project weather-app in CodingBridge", "codingbridge.OpenProjectIntent"),
        Case("lemme continue the coding bridge thing I started in study hall", "codingbridge.ResumeSessionIntent"),
        // Round 54: a point in time after "till", "since", "before" bounds the request.
        Case("snooze the trash nag till 8", "nagz.SnoozeNagIntent", ["nag": "trash"]),
        Case("snooze the reading nag till tomorrow morning", "nagz.SnoozeNagIntent"),
        Case("which chores nags are due before Saturday", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("has anything in Nagz gone overdue since Monday", "nagz.CheckOverdueIntent"),
        Case("moodboard, any patterns in my moods since last Monday?", "moodboard.AnalyzeMoodIntent"),
        Case("run a mood analysis for October", "moodboard.AnalyzeMoodIntent"),
        Case("CodingBridge, anything uncommitted since lunch?", "codingbridge.GitStatusIntent"),
        // Round 55: an ordinary week's requests.
        Case("Nagz, is anything overdue for me today", "nagz.CheckOverdueIntent"),
        Case("did I let any nags go overdue this week", "nagz.CheckOverdueIntent"),
        Case("Nagz, give me this week's family report", "nagz.FamilyStatusIntent"),
        Case("how well did everyone do with their nags this week", "nagz.FamilyStatusIntent"),
        Case("CodingBridge, what files have I changed today", "codingbridge.GitStatusIntent"),
        Case("do I have any changes I haven't committed yet", "codingbridge.GitStatusIntent"),
        // Rounds 96-97: learners' orders, a setting and a place before the prompt, statements after "check whether".
        Case("Nagz, for my son Théo, a nag of homework, please", "nagz.CreateNagIntent", ["recipient": "Théo", "category": "homework"]),
        Case("Nagz, read me the nags I have under appointments", "nagz.ListNagsIntent", ["category": "appointments"]),
        Case("Nagz, what chores nags do I got?", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("is there anything passed due on nagz", "nagz.CheckOverdueIntent"),
        Case("MoodBoard, how've my moods been this whole month?", "moodboard.AnalyzeMoodIntent"),
        Case("moodboard how my mood been since chinese new year", "moodboard.AnalyzeMoodIntent"),
        Case("Oppi, ask with high thinking in lobby-stats why my K/D resets to zero", "oppi.AskPiIntent",
             ["workspace": "lobby-stats", "thinking": "high", "prompt": "why my K/D resets to zero"]),
        Case("oppi in the build-cache workspace ask with low thinking why the ci job is slow", "oppi.AskPiIntent",
             ["workspace": "build-cache", "thinking": "low"]),
        Case("CodingBridge, would you be so kind as to check whether pupil-letters has any changes that have not been committed?",
             "codingbridge.GitStatusIntent", ["project": "pupil-letters"]),
        // Rounds 98-99.
        Case("Nagz, which chores nags have I?", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("Nagz, how's the whānau going with their nags?", "nagz.FamilyStatusIntent"),
        Case("Oppi, with high thinking, ask the line-changes workspace why it keeps my third line out", "oppi.AskPiIntent",
             ["workspace": "line-changes", "thinking": "high"]),
        Case("CodingBridge, run them tests in ice-hold-temps", "codingbridge.RunCommandIntent", ["project": "ice-hold-temps"]),
        Case("CodingBridge, please save one idea for pot-catalog: a photo of the foot of each bowl", "codingbridge.CaptureIdeaIntent",
             ["project": "pot-catalog"]),
        Case("CodingBridge, can you tell me if there's anything uncommitted sitting in that working tree?", "codingbridge.GitStatusIntent"),
        // Rounds 100-101.
        Case("CodingBridge, has anybody left changes sittin' uncommitted in bed-huddle-notes?", "codingbridge.GitStatusIntent",
             ["project": "bed-huddle-notes"]),
        Case("CodingBridge, jot this idea down for walleye-tally: clients snap a picture of their fish", "codingbridge.CaptureIdeaIntent",
             ["project": "walleye-tally"]),
        Case("Nagz, gimme a chores nag for Tony", "nagz.CreateNagIntent", ["recipient": "Tony", "category": "chores"]),
        Case("Nagz, which chores nags are sittin' waitin' for me?", "nagz.ListNagsIntent", ["category": "chores"]),
        Case("did anything slip past its due date, Nagz?", "nagz.CheckOverdueIntent"),
        Case("MoodBoard, I'm on cloud nine, put me down for that", "moodboard.AddMoodIntent", ["category": "happy"]),
        Case("MoodBoard, what did I put down for today's mood?", "moodboard.GetCurrentMoodIntent"),
        Case("Nagz, pa-create naman ng appointments nag for Bea", "nagz.CreateNagIntent", ["recipient": "Bea", "category": "appointments"]),
        Case("CodingBridge, paki-open naman 'yung call-notes-sync", "codingbridge.OpenProjectIntent", ["project": "call-notes-sync"]),
    ]

    @Test func everyIntentHasAtLeastFourParaphrases() {
        for intent in Fixtures.catalog.intents {
            #expect(Self.cases.filter { $0.intent == intent.id }.count >= 4, "\(intent.id)")
        }
    }

    @Test(arguments: cases)
    func paraphraseIsUnderstood(_ paraphrase: Case) {
        expectUnderstood(paraphrase.text, as: paraphrase.intent, slots: paraphrase.slots)
    }
}

/// Requests for things no app here does, some sharing words with the catalog:
/// no intent at all, never a wrong tool.
@Suite struct NearMissTests {
    static let utterances = [
        "what's the weather like", "play some music", "call mom", "send a text to John saying I'm late",
        "set an alarm for 7am", "set a timer for 10 minutes", "turn off the lights", "I'm late for the meeting",
        "what's on my calendar tomorrow", "open the garage door", "open spotify", "search for flights to paris",
        "find a restaurant nearby", "how's the traffic", "who won the game last night", "I did my taxes",
        "remind me", "run five miles", "work on my tan", "I feel like pizza", "add milk to my shopping list",
        "show me the news", "what's new", "start a workout", "ask my wife what she wants for dinner",
        "tell Sam I love him", "what time is it", "is it going to rain", "read my messages", "thanks",
        "cancel", "never mind", "yes", "open settings", "check my email", "snooze", "I need to work on my essay",
        "find my keys", "mark the email as read", "add a calendar event for tomorrow", "what's pi",
        "what's the mood in the room", "order a pizza", "how late is the pharmacy open",
        "ask alexa to turn on the lights", "add a task to my jira board", "tell Sam to clean his room", "start the car",
        "save this photo", "record a video", "what's the status of my order", "weekly weather report",
        "resume the music", "pick up the kids", "open a new tab", "how's the family of ducks doing",
        "let me frobnicate my nags", "let me know when dinner is ready",
        // "Hold" and "quiet" are said of anything: with a bare pronoun they snooze only with an amount.
        "Middle C again, please, Rosie. Hold it.", "hush it",
    ]

    @Test(arguments: utterances)
    func nearMissMatchesNothing(_ text: String) {
        let match = Fixtures.matcher.match(text, context: Fixtures.context)
        #expect(match == nil, "matched \(match?.intent.id ?? "")")
    }
}
