/// What people put around a request without changing it. Only the start and
/// the end of an utterance are trimmed, so the same words inside a request
/// ("remind Sam to thank you-know-who") are kept.
enum Fillers {
    static let leading: [String] = [
        "hey", "hi", "hello", "ok", "okay", "so", "well", "now", "jiri", "siri", "yo", "oh", "alright", "all right",
        "also", "and", "but", "then", "quick", "quickly", "right", "listen", "right listen", "ok listen", "okay listen",
        "can you", "could you", "would you", "will you", "can i", "could i", "may i", "might i", "would you mind",
        "i want to", "i would like to", "i should like to", "i would love to", "i want", "i would like", "i should like", "i need to", "i need",
        "i need you to", "need you to", "are you going to", "you going to", "going to", "i want that you", "i would like that you", "i am going to need you to", "going to need you to", "i want you to", "i would like you to", "i should like you to", "i would love you to", "let us", "go ahead and", "help me",
        "i have to", "i have got to", "i got to", "i must", "i said", "like i said",
        "do me favor and", "do me favor", "let me", "let me know", "i want to know", "i would like to know",
        "i need to know", "do you know", "do you happen to know", "you happen to know", "i am curious", "i am curious about",
        "any chance", "is there any chance",
        "would it be possible to", "would it be possible for you to", "is it possible to", "is it possible for you to", "is possible to", "is possible for you to",
        "would it be alright to", "would it be all right to", "would it be ok to", "would it be okay to", "is it alright to",
        "is it all right to", "is it ok to", "is it okay to", "would it be alright if you", "would it be all right if you",
        "i was wondering if you could", "i was wondering whether you could", "i wonder if you could",
        "i was wondering if", "i was wondering whether", "i was wondering",
        "i have been wondering if", "i have been wondering whether", "i have been wondering", "i wonder if", "i wonder whether",
        "do you think you could", "would you be able to", "are you able to", "you can", "you could",
        "would you kindly", "would you be so kind as to", "would you be a dear and", "could you be a dear and",
        "be a dear and", "could you be a sweetheart and", "would you be a sweetheart and", "be a sweetheart and", "if it is no trouble", "i wonder if you might",
        "would you be good enough to", "could you be good enough to", "be good enough to", "would you be so good as to",
        "would you be kind enough to", "could you be kind enough to", "be kind enough to",
        // After "I wonder if": "I wonder if you'd be good enough to …".
        "you would be good enough to", "you could be good enough to", "you would be kind enough to",
        "you would be so kind as to", "you would be so good as to",
        // Asking what one has forgotten: "I can't recall what I recorded for my mood".
        "i can not recall", "i can not remember", "i do not remember", "i do not recall", "i forget", "i forgot",
        "i should like to", "i should like", "i would like very much to", "i would very much like to",
        "oh dear", "excuse me", "dear", "good morning", "good afternoon", "good evening", "hello there",
        "hey there", "ngl", "tbh", "honestly", "lowkey", "highkey", "yo", "please", "bruh", "bro", "dude", "omg",
        // What a recogniser hands over of the sounds before a request: "ugh push that nag back …",
        // "so like I'm super chill right now …".
        "ugh", "argh", "ah", "ahh", "aw", "oof", "meh", "oops", "welp", "like", "so like", "you know", "so you know",
        "do not open anything", "do not open app", "without opening anything", "without opening app",
        "no need to open anything", "no need to open app",
        // Manners of many Englishes ("kindly" is dropped everywhere): "kindly do the needful and …",
        // "reckon you could …", "any chance you'd …", and a learner's "please to create …", "for to make …".
        "do the needful and", "would you mind terribly",
        "would you mind very much", "would you mind awfully", "reckon you could", "i reckon you could",
        "do you reckon you could", "you reckon you could", "reckon you can", "mind if we", "mind if i",
        "would you mind if we", "any chance you could", "any chance you would", "any chance you can",
        "could you possibly", "can you possibly", "would you possibly", "i would quite like to",
        "i would really like to", "i would quite like you to", "i would love it if you could", "i would love",
        "be a love and", "be a doll and", "be a mate and", "be a good sport and", "can we", "could we",
        "please to", "for to", "i want that you", "you can please",
        // Hedges a careful speaker puts first: "if possible, a fresh session in …", "ideally, …".
        "if possible", "if at all possible", "ideally", "if you can", "if you could",
        // Requests put indirectly or in the negative: "wouldn't hurt to check git status", "no harm in
        // picking up where I left off", "what if we asked Oppi to …", "I don't suppose you could …".
        "it would not hurt to", "would not hurt to", "it would not hurt if you could", "no harm in",
        "there is no harm in", "what if we", "what if you", "how about we", "how about you",
        "i do not suppose you could", "do not suppose you could", "i do not suppose", "do not suppose",
        "would it be too much trouble to", "would it be too much trouble for you to",
        "would it be too much to ask you to", "it would be great if you could", "it would be nice if you could",
        "it would be handy if you could", "it would be great to", "it would be nice to", "it would be handy to",
        "it would be good to", "is there any chance you could", "is there any chance you would",
        "could you maybe", "can you maybe", "would you maybe", "maybe you could", "you could maybe",
        "i suppose you could", "i guess you could", "i was wondering if i could", "i could", "could", "can", "you could not", "you can not", "do you mind", "mind",
        "can not we just", "can not we", "could not we", "why do not we", "why do not you", "time to",
        "i had better", "i better", "we had better", "we better", "you had better", "you would better", "you better", "better",
        "i am afraid", "i am afraid that", "i would rather", "i would sooner",
        // Starting a request over: "let's try again — a nag for Sam". ("go back to" is not one:
        // "go back to my last chat" resumes a session; nor "start over": "I'd like to start over in
        // cheese-batches, a blank session" asks for a new one.)
        "let us try again", "let us try that again", "try again", "let us start over",
        "let us start again", "from the top",
        // Interrupting oneself before the request: "hang on — save an idea to CodingBridge".
        "hang on", "hold on", "wait", "one sec", "one second", "hang on a sec", "hold on a sec", "wait a sec",
        "wait a second", "hang on a second", "hold on a second", "give me a sec", "give me a second", "just a sec",
        "just a second",
        // Wanting said in the progressive, as many Englishes do: "I am wanting to log my mood",
        // "I was hoping you could snooze that", "I'm looking to add a nag".
        "i am wanting to", "i am wanting", "i was wanting to", "i was wanting", "i am needing to", "i am needing",
        "i am fixing to", "fixing to", "davai", "i reckon", "chale", "might you",
        // Minnesota "uff da".
        "uff da",
        // Geordie, Trinidadian, Kenyan and Egyptian openers: "howay, set us a nag", "whey aye",
        // "steups", "ebu put a nag for Chebet", "sasa", "wacha", "kwani how have my moods been".
        "howay", "whey aye", "steups", "ebu", "sasa", "wacha", "kwani", "yalla",
        // Indonesian "aduh" (oh no), Maltese "heqq" (oh well), Maine's "ayuh" (yes), Amharic "ishi"
        // (okay), Czech "hele" (look), Shona "chii?" (what?) before a request.
        "aduh", "heqq", "ayuh", "ishi", "hele", "chii",
        // "Try" before a verb asks softly, in Hawaiian Pidgin and Singlish as elsewhere: "try make
        // one chores nag for my boy", "try and open the project".
        "try", "try to", "try and",
        // Asking kindly, as learners and Swedes put it: "would you be so kind to mark …", "be kind
        // and mark …", "can you help check if …", "may I ask whether there are …".
        "would you be so kind to", "could you be so kind to", "be so kind to", "be kind and", "be so kind and",
        "help check if", "help check whether", "help me check if", "help me check whether",
        "may i ask whether", "may i ask if", "can i ask whether", "can i ask if", "could i ask whether",
        "could i ask if", "might i ask whether", "might i ask if",
        "i am hoping to", "i was hoping to", "i am hoping you could", "i was hoping you could",
        "i was hoping you would", "i am looking to", "i was looking to", "i am trying to", "i was trying to",
        "i was going to ask you to", "i was going to ask if you could",
        // A yes-no question asked inside another: "could you tell me whether anything is overdue".
        "tell me if", "tell me whether", "let me know if", "let me know whether", "find out if", "find out whether",
        "see if", "see whether", "check if", "check whether", "i want to know if", "i want to know whether",
        "i would like to know if", "i would like to know whether",
        // Asking leave to ask: "might I ask you to …", "could I trouble you to …".
        "might i ask you to", "could i ask you to", "can i ask you to", "may i ask you to",
        "might i trouble you to", "could i trouble you to", "can i trouble you to", "may i trouble you to",
        "might i ask that you", "may i ask that you",
        // Asking softly at a desk: "if I could just have my appointments nags read back to me".
        "if i could just", "if i could", "if i might just", "if i might", "if we could just", "if we could",
        "if you could just", "if you could",
    ] + gratefulLeadIns

    /// Thanks given ahead: "I'd be most grateful if you could …", "I should be rather grateful if
    /// you would …", "we'd be ever so grateful to …", "I'd be obliged for a new session …".
    private static let gratefulLeadIns: [String] = {
        var leadIns: [String] = []
        for someone in ["i would", "i should", "we would", "we should"] {
            for degree in ["", "rather ", "most ", "very ", "ever so ", "so ", "really ", "truly ", "awfully ", "much "] {
                for thanks in ["grateful", "obliged", "thankful"] {
                    for then in ["to", "if you could", "if you would", "if you might", "for"] {
                        leadIns.append("\(someone) be \(degree)\(thanks) \(then)")
                    }
                }
            }
        }
        return leadIns
    }()

    static let trailing: [String] = [
        "please", "thanks", "thank you", "for me", "now", "right now", "real quick", "quickly", "again",
        // Said for "quickly" in other Englishes: "sharp sharp" (Nigeria), "sharpish", "pronto".
        "sharp sharp", "sharpish", "pronto", "asap",
        // Newfoundland's "the once" is "right away": "get the canteen-till project up the once".
        "the once", "right away", "straight away",
        // Thai polite particles end a request: "mark it done ka", "… na ka".
        "ka", "na ka", "krub", "khrap",
        // Sounds and tags of other Englishes said after a request: Indonesian "aduh" (oh no),
        // Maltese "heqq" (oh well) and "mela" (so), Nigerian "sha" (anyway), Maine's "ayuh" (yes).
        "aduh", "heqq", "mela", "sha", "ayuh",
        "jiri", "ok", "okay",
        "do not open anything", "do not open app", "do not open it", "without opening anything",
        "without opening app", "without opening it", "no need to open anything", "no need to open app",
        "do not show me", "do not show me anything", "do not show anything", "out loud", "aloud", "by voice",
        "but do not open anything", "but do not open app", "but do not open it", "but do not show me",
        "and do not open anything", "and do not open app", "and do not open it",
        // Left when the app's name ends the utterance and is taken off: "… but don't open CodingBridge".
        "do not open", "but do not open", "and do not open", "without opening", "but without opening",
        "read it out", "read it to me", "read them out", "read them to me", "and read it out", "and read it to me",
        // "just tell me" ("just" is dropped everywhere); after "to" it stays the request ("remind Sam to tell me").
        "tell me", "and tell me",
        "dear", "tbh", "lol", "asap", "thank you so much", "thank you ever so much", "thanks so much",
        "if you can", "if you could", "when you get a chance", "if that is ok", "if that is okay", "if that is alright",
        "if that is all right", "if that is fine", "if you do not mind", "if it is not too much trouble", "overall", "in general", "lowkey", "rn",
        "or whatever", "or something", "or anything", "or so",
        // Hedges and a loose length after the request: "snooze that reminder for a bit, maybe".
        "maybe", "i guess", "i suppose", "i think", "if possible", "for a bit", "for a while",
        "a bit", "a while", "a little", "a little while", "for a little while", "for a little bit", "a little bit",
        // Scope and source said after the request: "any uncommitted changes at all", "… according to MoodBoard".
        "at all", "according to", "so far", "so far this week", "so far today", "nothing else", "and nothing else",
        // A request that replaces the one being asked about: "actually, what's my current mood instead?".
        "instead", "instead please", "instead of that", "instead of this",
        // Where to see it, which the handoff rules read from the whole utterance: "… on my phone",
        // "… up on the screen".
        "on my phone", "on the phone", "to my phone", "on my iphone", "on the screen", "on screen", "on my screen",
        "up on the screen", "up on my phone", "on my phone first", "on the screen first", "on my screen first",
        // One more of the same: "… tomorrow at 6pm as well", "… at 8am too".
        "too", "as well",
        // Before what is under way: "snooze my meds nag before that". (A trailing "first" may end
        // a note, "… a new filter first": the dialogue drops it only after "wait" or "hold on".)
        "before that", "before anything else", "before we do that",
        // A negative question tag or "or not" after a question: "I've still got nags left, haven't I?",
        // "am I behind on anything or not?". (A positive tag needs a pause: see `UtteranceSpan`.)
        "or not", "have not i", "has not it", "is not it", "is not there", "are not there", "are not i",
        "do not i", "does not it", "did not i", "did not you", "will not you", "would not you", "could not you",
        "can not you", "was not it",
        // When, said of a question about now: "what nags have I got on at the minute?".
        "at the minute", "at the moment", "as of now", "as we speak",
        // "Or no" asks as "or not" does; "tamam" is Arabic for "okay".
        "or no", "tamam",
        // Words to the listener that are never a request's value, said last without a pause: "snooze
        // that nag ten minutes bro", Singlish "… can or not", "… or not ah", Ulster "… so it is".
        "bro", "bruh", "dude", "yaar", "innit", "can or not", "can anot", "so it is", "ah",
        // Hinglish "kar do" (do it) and "na" after a request: "homework nag for Riya kar do", "show me
        // the homework nags na". (Kiwi and Canadian "eh" is a hesitation, as "uh" is.)
        "kar do", "kar de", "karo", "na",
        // Irish and Scots "there" after a request: "put in an appointments nag for ciaran there".
        "there",
    ]

    /// Words that open an utterance only when a pause follows them: finding one's thread again
    /// ("where was I, right, anything overdue I missed?"). Said alone, or with what it is about
    /// ("where was I in CodingBridge yesterday?"), "where was I" asks to resume a chat.
    static let leadingBeforePause: [String] = [
        "where was i", "now where was i", "where was i again", "where were we", "now where were we",
    ]

    /// Someone called at the end, after a pause: "could you open Oppi for me, love?",
    /// "what's overdue, mate?". Only taken off after a comma or other break, so "log my mood
    /// as love" keeps its word.
    static let vocatives: [String] = [
        "love", "luv", "mate", "cher", "boet", "bru", "chur", "hun", "hon", "honey", "babe", "buddy", "bud", "pal", "bro", "boss", "chief",
        "darling", "sweetie", "my friend", "my dear", "man", "dude", "sir", "madam", "yaar", "siri",
        "pet", "hinny", "la", "lad", "lass", "good man", "good woman", "my man",
    ]
}
