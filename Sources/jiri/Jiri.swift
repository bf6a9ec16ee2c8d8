@main
struct Jiri {
    static func main() {}
}
