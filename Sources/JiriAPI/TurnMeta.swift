import Foundation

/// What the client knows about the device and the moment of the turn.
public struct TurnMeta: Sendable, Hashable, Codable {
    /// IANA zone name; default as in the original Jiri.
    public var timezone: String
    public var device: String
    public var voice: Bool
    public var appVersion: String?
    public var location: Location?
    public var deviceContext: DeviceContext?
    /// Jiri addition: `phone`, `ipad`, `mac`, `watch`, `carplay`, `homepod`.
    public var surface: String?
    /// Jiri addition: the phone is locked.
    public var locked: Bool?
    /// Jiri addition: from App Intents' `systemContext.currentMode`.
    public var canContinueInForeground: Bool?

    public static let defaultTimezone = "America/New_York"
    public static let defaultDevice = "iphone"

    public init(
        timezone: String = TurnMeta.defaultTimezone,
        device: String = TurnMeta.defaultDevice,
        voice: Bool = true,
        appVersion: String? = nil,
        location: Location? = nil,
        deviceContext: DeviceContext? = nil,
        surface: String? = nil,
        locked: Bool? = nil,
        canContinueInForeground: Bool? = nil
    ) {
        self.timezone = timezone
        self.device = device
        self.voice = voice
        self.appVersion = appVersion
        self.location = location
        self.deviceContext = deviceContext
        self.surface = surface
        self.locked = locked
        self.canContinueInForeground = canContinueInForeground
    }

    enum CodingKeys: String, CodingKey {
        case timezone, device, voice, location, surface, locked
        case appVersion = "app_version"
        case deviceContext = "device_context"
        case canContinueInForeground = "can_continue_in_foreground"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? Self.defaultTimezone
        device = try container.decodeIfPresent(String.self, forKey: .device) ?? Self.defaultDevice
        voice = try container.decodeIfPresent(Bool.self, forKey: .voice) ?? true
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        location = try container.decodeIfPresent(Location.self, forKey: .location)
        deviceContext = try container.decodeIfPresent(DeviceContext.self, forKey: .deviceContext)
        surface = try container.decodeIfPresent(String.self, forKey: .surface)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked)
        canContinueInForeground = try container.decodeIfPresent(Bool.self, forKey: .canContinueInForeground)
    }

    /// The surface the user is on: `meta.surface` when sent, else inferred from
    /// `meta.device` ("homepod", "carplay", "watch", ...), else `phone`.
    public var resolvedSurface: String {
        if let surface, !surface.isEmpty { return surface.lowercased() }
        let device = device.lowercased()
        for known in ["homepod", "carplay", "watch", "ipad", "mac"] where device.containsUTF8(known) {
            return known
        }
        if device.containsUTF8("car") { return "carplay" }
        return "phone"
    }

    public struct Location: Sendable, Hashable, Codable {
        public var latitude: Double
        public var longitude: Double
        public var accuracy: Double?

        public init(latitude: Double, longitude: Double, accuracy: Double? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.accuracy = accuracy
        }
    }

    public struct DeviceContext: Sendable, Hashable, Codable {
        public var batteryLevel: Double?
        public var isSilentMode: Bool?
        public var isDNDEnabled: Bool?

        public init(batteryLevel: Double? = nil, isSilentMode: Bool? = nil, isDNDEnabled: Bool? = nil) {
            self.batteryLevel = batteryLevel
            self.isSilentMode = isSilentMode
            self.isDNDEnabled = isDNDEnabled
        }

        enum CodingKeys: String, CodingKey {
            case batteryLevel = "battery_level"
            case isSilentMode = "is_silent_mode"
            case isDNDEnabled = "is_dnd_enabled"
        }
    }
}
