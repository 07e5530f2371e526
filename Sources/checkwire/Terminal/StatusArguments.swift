import ArgumentParser

/// `LIST [ITEM]` for done, reopen, cancel and restore.
struct StatusArguments: ParsableArguments {
    @Argument(help: "The checklist: its id, an id prefix or its title.")
    var list: String

    @Argument(help: "The item: an id prefix or its title. Without it, the checklist itself.")
    var item: String?
}
