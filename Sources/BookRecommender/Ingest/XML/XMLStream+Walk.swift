/// Where the walk stands on its node, as `xmlTextReader` kept it.
enum WalkState {
    case start, element, end, backtrack, done, error
}

extension XMLStream {
    /// Moves to the next node as libxml2's `xmlTextReaderRead` (2.9) moved
    /// through its tree: it asks the feeder for the next group of pushes only
    /// when the nodes parsed so far cannot tell it where to go, and a group
    /// that breaks the document withholds every node it made. Which nodes
    /// come out before a break, and so which records are kept and which error
    /// is thrown, follows from that; the walk is kept step for step, node
    /// freeing included (libxml2 numbers some nodes by their neighbours).
    /// - Returns: 1 on a node, 0 at the end, -1 when the document broke.
    mutating func read() -> Int32 {
        if feeder.mode == .initial {
            feeder.mode = .interactive
            repeat {
                guard pushGroup() == 0 else { return failed() }
            } while tree.current < 0 && feeder.mode != .end && state != .done
            node = tree.nodes[Int(XMLNodeTree.document)].firstChild
            if node < 0 { return failed() }
            state = .element
            walkDepth = 0
            return found()
        }
        let (oldState, oldOpenCount) = (state, tree.openCount)
        var oldNode = node
        guard node >= 0 else { return feeder.mode == .end ? 0 : -1 }
        while mustPush(oldState, oldOpenCount) {
            guard pushGroup() == 0 else { return failed() }
        }
        let current = tree.nodes[Int(node)]
        if oldState != .backtrack, current.firstChild >= 0, current.kind != .entityReference,
            current.kind != .documentType
        {
            node = current.firstChild
            walkDepth += 1
            state = .element
            return found()
        }
        let endsNow = oldState == .element && current.kind == .element && current.firstChild < 0 && !current.isEmpty
        if current.next >= 0 {
            if endsNow {
                state = .end
                return found()
            }
            node = current.next
            state = .element
            let previous = tree.nodes[Int(node)].previous
            if previous >= 0, tree.nodes[Int(previous)].kind != .documentType {
                if oldNode == previous { oldNode = -1 }
                tree.remove(previous)
            }
            return found()
        }
        if endsNow {
            state = .end
            return found()
        }
        node = current.parent
        if node < 0 || tree.nodes[Int(node)].kind == .document {
            if feeder.mode != .end {
                let code = parser.push([], isLast: true)
                state = .done
                if code != 0 { return -1 }
            }
            node = -1
            walkDepth = -1
            if oldNode >= 0, tree.nodes[Int(oldNode)].kind != .documentType { tree.remove(oldNode) }
            state = .done
            return 0
        }
        let last = tree.nodes[Int(node)].lastChild
        if last >= 0 { tree.remove(last) }
        walkDepth -= 1
        state = .backtrack
        return found()
    }

    /// True while the node the walk is on cannot show it where to go next:
    /// it has no next sibling yet, libxml2 is still inside it or its parent,
    /// and what is below it (nothing yet, or one text node) may still grow.
    private func mustPush(_ oldState: WalkState, _ oldOpenCount: Int) -> Bool {
        let current = tree.nodes[Int(node)]
        guard current.next < 0, tree.openCount == oldOpenCount else { return false }
        let child = current.firstChild
        let belowMayGrow =
            oldState == .backtrack || child < 0 || current.kind == .entityReference
            || (tree.nodes[Int(child)].kind == .text && tree.nodes[Int(child)].next < 0)
            || current.kind == .documentType || current.kind == .document
        let open = tree.current
        return belowMayGrow && (open < 0 || open == node || open == current.parent) && !parser.isAtEnd
    }

    /// The walk has found its node; a text node is first completed (libxml2
    /// may still add to it).
    private mutating func found() -> Int32 {
        let current = tree.nodes[Int(node)]
        guard current.next < 0, current.kind == .text || current.kind == .cdata else { return 1 }
        repeat {
            if parser.isAtEnd || hasSuccessor(node) || tree.openCount < walkDepth || feeder.mode == .end { return 1 }
            guard pushGroup() == 0 else {
                feeder.mode = .error
                return -1
            }
        } while feeder.mode != .end
        return 1
    }

    /// True when a node follows `index` outside it: a next sibling of it or of an ancestor.
    private func hasSuccessor(_ index: Int32) -> Bool {
        var current = index
        while current >= 0 {
            if tree.nodes[Int(current)].next >= 0 { return true }
            current = tree.nodes[Int(current)].parent
        }
        return false
    }

    private func pushGroup() -> Int32 {
        feeder.pushGroup(to: parser, startingUp: state == .start, wasDone: state == .done)
    }

    private mutating func failed() -> Int32 {
        feeder.mode = .error
        state = .error
        return -1
    }
}
