import WayfinderKit

/// The account flow's screen; `signin` is the app's command, offered here.
final class SignInViewModel: ScreenModel {
    static let commands: [ScreenCommand<SignInViewModel>] = []
}

struct SignInView: TextView {
    let model: SignInViewModel
    func render() -> StyledText {
        var text = StyledText.line("Sign in", .title)
        text.append("Members: \(Bookshelf.members.joined(separator: ", ")) (no passwords in this example).", .dim)
        return text
    }
}
